// Where each simulator string lives in src/i18n/widgets/{ja,en}.json, and which of them a widget
// needs. Pure (no DOM): the server, the browser and the dictionary tests share it.
import type { Desc } from '../engines/validate';

export const stepKey = (key: string): string => `sim.step.${key}`;
export const errorKey = (code: string): string => `sim.error.${code}`;
export const titleKey = (engine: string): string => `sim.title.${engine}`;
export const presetKey = (engine: string, preset: string): string => `sim.preset.${engine}.${preset}`;
/** Label of a form field; list indices are left out (`players.0.identity.hp` → `players.identity.hp`). */
export const fieldKey = (engine: string, path: string): string => `sim.field.${engine}.${schemaPath(path)}`;
/** Name of one item of a list field, with `{n}`: "Player {n}". */
export const itemKey = (engine: string, path: string): string => `sim.item.${engine}.${schemaPath(path)}`;
/** Label of one value of an enum field, a union's tag, or a field shown as a menu. */
export const optionKey = (engine: string, path: string, value: string | number): string =>
  `sim.option.${engine}.${schemaPath(path)}.${value}`;

/**
 * Where a card's name in the page language lives: `sim.card.<slug of its English name>`
 * ("Seven Dwarfs' Mine" → `sim.card.seven-dwarfs-mine`). Only names whose Japanese form is
 * confirmed have a key (docs/simulators.md); the others stay in English.
 */
export const cardKey = (name: string): string =>
  `sim.card.${name.normalize('NFKC').toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/** Every text in the engine's worked examples: the card names its widget may need. */
export function presetTexts(m: { readonly presetIds: readonly string[]; preset(id: string): { ok: boolean; value?: unknown } }): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  for (const id of m.presetIds) {
    const p = m.preset(id);
    if (p.ok) walk(p.value);
  }
  return out;
}

/**
 * The translator's card-name function for one page: on a Japanese page, a card with a known
 * Japanese name reads 《日本語名》（English name）; any other name is shown as given.
 */
export function cardNames(strings: Readonly<Record<string, string>>, fill: (key: string, params: Record<string, string>) => string): (name: string) => string {
  return (name) => {
    const ja = strings[cardKey(name)];
    return ja === undefined || ja === name ? name : fill('sim.ui.card', { ja, en: name });
  };
}

/** `players.0.identity.hp` → `players.identity.hp` */
export const schemaPath = (path: string): string =>
  path
    .split('.')
    .filter((s) => s !== '' && !/^\d+$/.test(s))
    .join('.');

/**
 * The part of the dictionary one widget needs: only these keys are shipped to the page, so a page
 * with a Magic widget does not carry the Lorcana strings.
 */
export function keysFor(
  m: { readonly id: string; readonly stepKeys: readonly string[]; readonly family: string },
  dictionary: Readonly<Record<string, string>>,
  /** Names in the engine's worked examples: the card names among them are shipped too. */
  names: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const engine = m.id;
  const steps = new Set(m.stepKeys.map(stepKey));
  const cards = new Set([...names].map(cardKey));
  const prefixes = [
    'sim.ui.',
    'sim.error.',
    'sim.reason.',
    m.family,
    `sim.field.${engine}.`,
    `sim.item.${engine}.`,
    `sim.option.${engine}.`,
    `sim.preset.${engine}.`,
  ];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(dictionary)) {
    if (steps.has(k) || cards.has(k) || k === titleKey(engine) || prefixes.some((p) => k.startsWith(p))) out[k] = v;
  }
  return out;
}

export interface FieldInfo {
  /** Schema path without list indices. */
  readonly path: string;
  readonly desc: Desc;
  /** Values that need a label: enum values, union variants. */
  readonly options: readonly string[];
}

/**
 * Every field path of a schema, each once: objects and lists too (they are legends), a list's items
 * under the list's own path, a union's tag and the fields of all its variants.
 */
export function fieldPaths(schema: Desc): FieldInfo[] {
  const out = new Map<string, FieldInfo>();
  const add = (path: string, desc: Desc, options: readonly string[] = []) => {
    if (!out.has(path)) out.set(path, { path, desc, options });
  };
  const join = (a: string, b: string) => (a === '' ? b : `${a}.${b}`);
  const walk = (d: Desc, path: string): void => {
    switch (d.t) {
      case 'obj':
        for (const f of d.fields) field(f.desc, join(path, f.key));
        return;
      case 'list':
        return walk(d.item, path);
      case 'union':
        add(join(path, d.tag), { t: 'enum', values: d.variants.map((v) => v.name) }, d.variants.map((v) => v.name));
        for (const v of d.variants) for (const f of v.fields) field(f.desc, join(path, f.key));
        return;
      default:
        return;
    }
  };
  const field = (d: Desc, path: string) => {
    add(path, d, d.t === 'enum' ? d.values : []);
    walk(d, path);
  };
  walk(schema, '');
  return [...out.values()];
}
