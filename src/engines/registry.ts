// The one list of engines. Each engine is a folder here (its rules, presets, view and tests); to add
// one, make the folder and add its line below. The server and the browser both find engines
// through this list, and each loader is a separate chunk, so a page loads only its own engine.
import type { SimModule } from '../widgets/module';

export const REGISTRY = {
  'mc-attack': () => import('./mc-attack/index'),
  'mc-scheme': () => import('./mc-scheme/index'),
  'mc-timing': () => import('./mc-timing/index'),
  'lorcana-challenge': () => import('./lorcana-challenge/index'),
  'lorcana-damage': () => import('./lorcana-damage/index'),
  'lorcana-bag': () => import('./lorcana-bag/index'),
  'mtg-stack': () => import('./mtg-stack/index'),
} as const satisfies Readonly<Record<string, () => Promise<{ default: SimModule }>>>;

export type EngineId = keyof typeof REGISTRY;
export const ENGINE_IDS = Object.keys(REGISTRY) as EngineId[];

export const isEngineId = (id: string): id is EngineId => Object.prototype.hasOwnProperty.call(REGISTRY, id);

/** The engine's module, or undefined for an id that is not in the registry. */
export async function loadEngine(id: string): Promise<SimModule | undefined> {
  return isEngineId(id) ? (await REGISTRY[id]()).default : undefined;
}

/** Every engine, for the build and the tests. */
export async function loadAll(): Promise<Readonly<Record<EngineId, SimModule>>> {
  const entries = await Promise.all(ENGINE_IDS.map(async (id) => [id, (await REGISTRY[id]()).default] as const));
  return Object.fromEntries(entries) as Record<EngineId, SimModule>;
}
