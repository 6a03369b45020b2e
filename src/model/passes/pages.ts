// The pages pass: official text and explanations meet on one page
// (docs/architecture.md#official-text-and-explanations-on-one-page). First each file is checked on
// its own (files.ts), then official sub-rules are placed on pages (placement.ts), and each page is
// assembled from what it holds and indexed (here). Reads ctx.games, ctx.docs, ctx.officialEditions,
// input.entries, input.official; writes ctx.written, ctx.entries (and Doc.entries), ctx.index,
// ctx.origin, ctx.officialKeys, ctx.placements, ctx.gathered, and notices for texts that show
// nothing and for official text of another edition than the explanations follow.
import type { JaFollows, Lang, OfficialEditionData, Rule, Status } from '../../schemas/content';
import { compareIds, type IdStyle } from '../ids';
import type { Entry, ExplanationInfo, OfficialInfo, SubRule } from '../types';
import { define, type ModelContext, texts } from './context';
import { type CheckedOfficial, checkFiles, type Part } from './files';
import { type Join, placeOfficialText } from './placement';

const LANGS: Lang[] = ['ja', 'en'];

/**
 * The rows of a page that gathers official text: numbered ids in rule order; slugs (which have no
 * order of their own) in the official order, an id only the explanation has after the one it follows there.
 */
function orderRows(style: IdStyle, handIds: string[], officialIds: string[], byId: Map<string, SubRule>): SubRule[] {
  let ids: string[];
  if (style !== 'slug') ids = [...byId.keys()].sort(compareIds);
  else {
    ids = [...new Set(officialIds)].filter((id) => byId.get(id)?.official);
    handIds.forEach((id, i) => {
      if (ids.includes(id)) return;
      const before = handIds.slice(0, i).reverse().find((p) => ids.includes(p));
      ids.splice(before === undefined ? 0 : ids.indexOf(before) + 1, 0, id);
    });
  }
  return ids.map((id) => byId.get(id)!);
}

const explanationRow = (rule: Rule, index: number, file: string): SubRule => ({ ...rule, explanation: texts(rule), from: { explanation: { file, index } } });
const officialRow = (o: CheckedOfficial, i: number): SubRule => {
  const rule = o.rules[i]!;
  const index = o.data.rules.indexOf(rule);
  const edition = Object.fromEntries(LANGS.filter((l) => rule[l] && o.edition[l]).map((l) => [l, o.edition[l]]));
  // Which English edition the Japanese follows, when not the current one (docs/import.md#pairs): the row says so.
  const { jaFollows, ...plain } = rule as Rule & { jaFollows?: JaFollows };
  return { ...plain, official: { ...texts(plain), edition, ...(jaFollows ? { jaFollows } : {}) }, from: { official: { file: o.file, index } } };
};
/** The official side of a page: its files, per language `official` when every official sub-rule shown has text in it. */
const officialSide = (rows: SubRule[], from: CheckedOfficial[], release: OfficialEditionData, byFile: Map<string, CheckedOfficial>): OfficialInfo => {
  const shown = rows.filter((r) => r.official);
  const files = [...new Set([...from.map((o) => o.file), ...shown.map((r) => r.from.official!.file)])];
  const status = Object.fromEntries(LANGS.map((l) => [l, (shown.length ? shown.every((r) => r.official![l]) : from.every((o) => o.status[l] === 'official')) ? 'official' : 'missing'])) as Record<Lang, 'official' | 'missing'>;
  const missing = Object.fromEntries(LANGS.flatMap((l) => {
    if (status[l] === 'official') return [];
    const reason = files.map((f) => byFile.get(f)?.data.missing?.[l]).find(Boolean);
    return reason ? [[l, reason]] : [];
  }));
  return { files, status, missing, version: release.version, ...(release.effective ? { effective: release.effective } : {}), ...(release.jaFollows ? { jaFollows: release.jaFollows } : {}) };
};
const combined = (lang: Lang, official: OfficialInfo | undefined, explanation: ExplanationInfo | undefined): Status =>
  official?.status[lang] === 'official' ? 'official' : explanation ? explanation.status[lang] : 'missing';
const missingCounts = (rows: SubRule[]) => ({ ja: rows.filter((r) => !r.ja).length, en: rows.filter((r) => !r.en).length });

/** Index a page and its sub-rules, and add it to its document. */
function place(ctx: ModelContext, entry: Entry): void {
  define(ctx, entry.game, entry.id, { kind: 'entry', game: entry.game, id: entry.id, entry }, entry.file, 'file name');
  for (const rule of entry.data.rules) {
    if (rule.id === entry.id) continue; // the entry's own text shares the entry's id
    const at = rule.from.explanation ?? rule.from.official!;
    define(ctx, entry.game, rule.id, { kind: 'rule', game: entry.game, id: rule.id, entry, rule }, at.file, `rules[${at.index}].id`);
  }
  ctx.entries.push(entry);
  ctx.docs.get(`${entry.game}/${entry.doc}`)!.entries.push(entry);
}

/** A hand-written page with the official text that joins it: one row per id, the official text and the explanation of the same sub-rule side by side. */
function joinedPage(ctx: ModelContext, h: Part, own: SubRule[], explanation: ExplanationInfo, join: Join, byFile: Map<string, CheckedOfficial>): Entry {
  const { problems } = ctx;
  const byId = new Map(own.map((r) => [r.id, r]));
  for (const { from, index } of join.rows) {
    const row = officialRow(from, index);
    const there = byId.get(row.id);
    if (there?.official) {
      problems.add(from.file, `rules[${row.from.official!.index}].id`, `duplicate id "${row.id}" (already official text in ${there.from.official!.file})`, 'an id that is unique within the game');
      continue;
    }
    byId.set(row.id, there ? {
      ...there,
      title: there.title ?? row.title,
      ...Object.fromEntries(LANGS.map((l) => [l, row[l] ?? there[l]])),
      official: row.official!,
      from: { ...there.from, ...row.from },
    } : row);
  }
  const rows = orderRows(h.style, own.map((r) => r.id), join.rows.map(({ from, index }) => from.rules[index]!.id), byId);
  const release = (join.homes[0] ?? join.rows[0]!.from).release;
  const official = officialSide(rows, join.homes, release, byFile);
  const status = { ja: combined('ja', official, explanation), en: combined('en', official, explanation) };
  const missingReasons = Object.fromEntries(LANGS.flatMap((l) => {
    const reason = status[l] === 'missing' ? (h.data.missing?.[l] ?? official.missing[l]) : h.data.missing?.[l];
    return reason ? [[l, reason]] : [];
  }));
  // The explanation names the edition it follows (its source.version, else the document's): when
  // that is not the official text's edition, the same number may hold another rule in each.
  const follows = h.data.source?.version ?? (typeof h.doc.data.version === 'object' ? h.doc.data.version.en : h.doc.data.version);
  const officialEditions = LANGS.flatMap((l) => release.edition[l] ?? []);
  if (follows && !officialEditions.some((e) => follows.includes(e))) official.differs = follows;
  const home = join.homes[0];
  const entry: Entry = {
    game: h.game, doc: h.doc.id, id: h.id, file: h.file,
    data: { ...h.data, ...(h.data.sourceTitle ?? home?.data.sourceTitle ? { sourceTitle: h.data.sourceTitle ?? home?.data.sourceTitle } : {}), ...(Object.keys(missingReasons).length ? { missing: missingReasons } : {}), rules: rows },
    hasBody: h.hasBody, style: h.style, status, missing: missingCounts(rows), official, explanation,
  };
  return entry;
}

/** A deployment that imported another edition than the explanations follow is told where both meet. */
function differsNotice(ctx: ModelContext): void {
  const { docs, notices } = ctx;
  const editions = ctx.officialEditions;
  for (const doc of docs.values()) {
    const differ = doc.entries.filter((e) => e.official?.differs);
    const file = editions.get(`${doc.game}/${doc.id}`)?.file;
    if (differ.length && file) {
      notices.add(file, 'version', `the official text (${doc.official?.version}) is not the edition the explanations follow (${[...new Set(differ.map((e) => e.official!.differs))].join('; ')}) on ${differ.length} page${differ.length === 1 ? '' : 's'} that show${differ.length === 1 ? 's' : ''} both (${differ.slice(0, 6).map((e) => e.id).join(', ')}${differ.length > 6 ? ', …' : ''}): a number may hold another rule in each, and those pages say so`, 'the official files of the edition the explanations follow, or explanations checked against this one');
    }
  }
}

export function pagesPass(ctx: ModelContext): void {
  const files = checkFiles(ctx);
  const { joins, ownPages } = placeOfficialText(ctx, files);
  const byFile = new Map(files.official.map((o) => [o.file, o]));
  for (const h of files.hand) {
    const join = joins.get(h);
    const own = h.rules.map((r) => explanationRow(r, h.data.rules.indexOf(r), h.file));
    const explanation: ExplanationInfo = { file: h.file, status: h.status, missing: h.missing };
    if (!join) {
      place(ctx, { game: h.game, doc: h.doc.id, id: h.id, file: h.file, data: { ...h.data, rules: own }, hasBody: h.hasBody, style: h.style, status: h.status, missing: h.missing, explanation });
      continue;
    }
    const entry = joinedPage(ctx, h, own, explanation, join, byFile);
    place(ctx, entry);
    // Pages that gather official entries: their see / see-also ids join the page's, checked against their own file (the links pass).
    ctx.gathered.push({ entry, from: [...new Set([...join.homes, ...join.rows.map((r) => r.from)])] });
  }
  for (const { part: o, rows: own, elsewhere } of ownPages) {
    const rows = own.map((i) => officialRow(o, i));
    const official = officialSide(rows, [o], o.release, byFile);
    const status = { ja: combined('ja', official, undefined), en: combined('en', official, undefined) };
    // Sub-rules shown on an explanation's page are pointed to from here ("See: 6.7.2").
    const see = [...o.data.see, ...elsewhere.filter((id) => !o.data.see.includes(id))];
    place(ctx, {
      game: o.game, doc: o.doc.id, id: o.id, file: o.file,
      data: { ...o.data, see, ...(Object.keys(official.missing).length ? { missing: official.missing } : {}), rules: rows },
      hasBody: false, style: o.style, status, missing: missingCounts(rows), official,
    });
  }
  differsNotice(ctx);
}
