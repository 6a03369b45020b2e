// Rule ids are contracts (they are URL anchors). Each game numbers rules its own way; this module
// is the one place that knows the shapes, the order and how a sub-rule hangs under its entry.
export type IdStyle = 'mtg' | 'dotted' | 'slug';

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
// Magic's sub-rule letters skip l and o (they read like 1 and 0). After z the Comprehensive Rules
// go on with two letters (704.5aa in the edition of 2026-09-25).
const MTG_LETTER = '(?:[a-km-np-z]{1,2})';

const ENTRY: Record<IdStyle, RegExp> = {
  mtg: /^\d{1,3}(?:\.\d+)?$/,
  dotted: /^\d+(?:\.\d+)*$/,
  slug: new RegExp(`^${SLUG}$`),
};
const RULE: Record<IdStyle, RegExp> = {
  mtg: new RegExp(`^\\d{1,3}(?:\\.\\d+${MTG_LETTER}?)?$`),
  dotted: /^\d+(?:\.\d+)*$/,
  slug: new RegExp(`^${SLUG}(?:\\.${SLUG})*$`),
};

export const ID_EXAMPLES: Record<IdStyle, { entry: string; rule: string }> = {
  mtg: { entry: '702.33', rule: '702.33d' },
  dotted: { entry: '6.5', rule: '6.5.3' },
  slug: { entry: 'attack-enemy-activation', rule: 'attack-enemy-activation.step-3' },
};

export const isEntryId = (style: IdStyle, id: string) => ENTRY[style].test(id);
export const isRuleId = (style: IdStyle, id: string) => RULE[style].test(id);

/** Whether `rule` is the entry's own text or one of its sub-rules (at any depth). */
export function belongsTo(style: IdStyle, rule: string, entry: string): boolean {
  if (rule === entry) return true;
  if (!rule.startsWith(entry)) return false;
  const rest = rule.slice(entry.length);
  if (style === 'mtg') return /^[a-z]{1,2}$/.test(rest) || (!entry.includes('.') && /^\.\d+(?:[a-z]{1,2})?$/.test(rest));
  return rest.startsWith('.');
}

/** Nesting depth of a sub-rule below its entry (0 for the entry's own text); used for indentation. */
export function depth(style: IdStyle, rule: string, entry: string): number {
  if (rule === entry) return 0;
  const rest = rule.slice(entry.length);
  if (style === 'mtg') return /[a-z]$/.test(rest) && rest.startsWith('.') ? 2 : 1;
  return rest.split('.').length - 1;
}

/** The nearest id above: Magic 104.3a → 104.3 → 104 (704.5aa → 704.5); Lorcana 6.4.2.1 → 6.4.2 → 6.4 → 6; slugs a.b.c → a.b → a. */
export function parentOf(style: IdStyle, id: string): string | undefined {
  if (style === 'mtg') {
    if (/[a-z]$/.test(id)) return id.replace(/[a-z]+$/, ''); // 704.5aa → 704.5
    if (id.includes('.')) return id.slice(0, id.lastIndexOf('.'));
    return undefined;
  }
  return id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : undefined;
}

/**
 * An id's runs of digits and of other characters, by id: a sort compares each id many times (the
 * moves of 25 kept editions, a few thousand each, are sorted by number). Bounded: past the bound it
 * starts over.
 */
const partsOf = new Map<string, readonly string[]>();
function idParts(id: string): readonly string[] {
  let parts = partsOf.get(id);
  if (!parts) {
    if (partsOf.size >= 100_000) partsOf.clear();
    parts = id.match(/\d+|[^\d.]+/g) ?? [];
    partsOf.set(id, parts);
  }
  return parts;
}

/** Natural order: 9 < 10, 702.33 < 702.33a < 702.33b, 6.4.2 < 6.4.2.1 < 6.5. */
export function compareIds(a: string, b: string): number {
  const pa = idParts(a);
  const pb = idParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    // Sub-rule letters: z comes before aa.
    if (x.length !== y.length && /^[a-z]+$/.test(x) && /^[a-z]+$/.test(y)) return x.length - y.length;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Numeric-aware string order (`cr/9` < `cr/10`). One shared collator: `localeCompare` with options builds a new one per call. */
export const natural = new Intl.Collator('en', { numeric: true });
