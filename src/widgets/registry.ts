// The one list of engines. Each engine is a folder of src/engines (its rules, presets and tests)
// and a folder of src/widgets/engines (its view and the module that pairs the two); to add one,
// make the two folders and add its line below. The server and the browser both find engines
// through this list, and each loader is a separate chunk, so a page loads only its own engine.
import type { SimModule } from './module';

export const REGISTRY = {
  'mc-attack': () => import('./engines/mc-attack/index'),
  'mc-scheme': () => import('./engines/mc-scheme/index'),
  'mc-timing': () => import('./engines/mc-timing/index'),
  'lorcana-challenge': () => import('./engines/lorcana-challenge/index'),
  'lorcana-damage': () => import('./engines/lorcana-damage/index'),
  'lorcana-bag': () => import('./engines/lorcana-bag/index'),
  'mtg-stack': () => import('./engines/mtg-stack/index'),
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
