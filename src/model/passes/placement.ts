// The placement part of the pages pass: where each official sub-rule is shown — the hand-written
// entry that holds it (or holds its entry), else its own official page (the rule: src/model/official.ts).
// Reads the checked files; writes ctx.officialKeys, ctx.placements and problems.
import { type Holder, placeOfficial } from '../official';
import type { ModelContext } from './context';
import type { CheckedFiles, CheckedOfficial, Part } from './files';

/** What joins a hand-written page: official entries whose id it holds, and official sub-rules. */
export interface Join { homes: CheckedOfficial[]; rows: { from: CheckedOfficial; index: number }[] }

export interface Layout {
  joins: Map<Part, Join>;
  /** Official entries with a page of their own: the sub-rules shown there, and the entries shown elsewhere. */
  ownPages: { part: CheckedOfficial; rows: number[]; elsewhere: string[] }[];
}

export function placeOfficialText(ctx: ModelContext, files: CheckedFiles): Layout {
  const { problems, officialKeys, placements } = ctx;
  const { hand: handParts, official: officialParts } = files;
  const holders = new Map<string, Holder & { part: Part }>();
  for (const h of handParts) {
    const holder = { entry: h.id, doc: h.doc.id, file: h.file, ids: new Set([h.id, ...h.rules.map((r) => r.id)]), part: h };
    for (const id of holder.ids) if (!holders.has(`${h.game}:${id}`)) holders.set(`${h.game}:${id}`, holder);
  }
  const joins: Layout['joins'] = new Map();
  const joinOf = (p: Part) => joins.get(p) ?? joins.set(p, { homes: [], rows: [] }).get(p)!;
  const ownPages: Layout['ownPages'] = [];
  for (const o of officialParts) {
    officialKeys.add(`${o.game}:${o.id}`);
    for (const r of o.rules) officialKeys.add(`${o.game}:${r.id}`);
    const placed = placeOfficial(o.style, { entry: o.id, doc: o.doc.id, rules: o.rules.map((r) => r.id) }, (id) => holders.get(`${o.game}:${id}`));
    for (const p of placed.problems) problems.add(o.file, p.index < 0 ? 'file name' : `rules[${o.data.rules.indexOf(o.rules[p.index]!)}].id`, p.message, p.expected);
    if (placed.problems.some((p) => p.index < 0)) continue;
    const own: number[] = [];
    const elsewhere: string[] = [];
    placed.rules.forEach((holder, i) => {
      if (placed.problems.some((p) => p.index === i)) return;
      if (!holder) { own.push(i); return; }
      joinOf(holders.get(`${o.game}:${holder.entry}`)!.part).rows.push({ from: o, index: i });
      if (!placed.home && !elsewhere.includes(holder.entry)) elsewhere.push(holder.entry);
    });
    if (placed.home) joinOf(holders.get(`${o.game}:${placed.home.entry}`)!.part).homes.push(o);
    else ownPages.push({ part: o, rows: own, elsewhere });
    const moved = placed.rules.flatMap((h, i) => (h ? [{ id: o.rules[i]!.id, to: h.entry }] : []));
    if (placed.home) placements.push({ game: o.game, doc: o.doc.id, entry: o.id, file: o.file, home: placed.home.entry, ids: moved });
    else if (moved.length) placements.push({ game: o.game, doc: o.doc.id, entry: o.id, file: o.file, ids: moved });
  }
  return { joins, ownPages };
}
