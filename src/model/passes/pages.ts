// The pages pass: official text and explanations meet on one page
// (docs/architecture.md#official-text-and-explanations-on-one-page). First each file is checked on
// its own (ids, status, reasons; a text that shows nothing counts as missing), then official
// sub-rules are placed on pages (src/model/official.ts) and each page is assembled from what it
// holds and indexed. Reads ctx.games, ctx.docs, ctx.officialEditions, input.entries,
// input.official; writes ctx.written, ctx.entries (and Doc.entries), ctx.index, ctx.origin,
// ctx.officialKeys, ctx.placements, ctx.gathered, and notices for texts that show nothing and for
// official text of another edition than the explanations follow.
import type { EntryData, JaFollows, Lang, Note, OfficialEditionData, OfficialEntryData, Rule, Status } from '../../schemas/content';
import { type Holder, placeOfficial } from '../official';
import { belongsTo, compareIds, ID_EXAMPLES, type IdStyle, isEntryId, isRuleId } from '../ids';
import { rendersEmpty } from '../markdown-text';
import type { Doc, Entry, ExplanationInfo, OfficialInfo, OfficialInput, SubRule } from '../types';
import { define, type ModelContext, texts } from './context';

const LANGS: Lang[] = ['ja', 'en'];

/** One file checked on its own (hand-written, or official in the entry shape). */
interface Part {
  game: string; doc: Doc; id: string; file: string; data: EntryData;
  /** Its sub-rules with valid ids. */
  rules: Rule[];
  hasBody: boolean; style: IdStyle; status: Record<Lang, Status>; missing: Record<Lang, number>;
}
type CheckedOfficial = Part & { edition: OfficialEntryData['edition']; release: OfficialEditionData };



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

function deriveStatus(data: EntryData, lang: Lang, missingRules: number, total: number): Status {
  const declared = data.status[lang];
  if (declared) return declared;
  if (total > 0 && missingRules === total) return 'missing';
  return missingRules > 0 ? 'draft' : 'community';
}

export function pagesPass(ctx: ModelContext): void {
  const { input, problems, notices, games, docs, officialKeys, written, entries, placements } = ctx;
  const editions = ctx.officialEditions;
  written.push(...input.entries.map((e) => ({ file: e.file, data: e.data })));
  const officialInputs: { input: OfficialInput; data: EntryData; edition: OfficialEntryData['edition']; release: OfficialEditionData }[] = [];
  for (const o of input.official ?? []) {
    const [gameId = '', docId = ''] = o.id.split('/');
    const edition = editions.get(`${gameId}/${docId}`);
    if (!edition) {
      problems.add(o.file, '(file)', `official text without content/${gameId}/${docId}/official/_edition.yaml`, 'the files of one import together: run the import again (docs/import.md)');
      continue;
    }
    const { edition: fileEdition, rules, ...rest } = o.data;
    const data: EntryData = { ...rest, source: { version: edition.data.version }, rules: rules.map((r) => ({ ...r, notes: [] })), notes: [] };
    written.push({ file: o.file, data });
    officialInputs.push({ input: o, data, edition: fileEdition, release: edition.data });
  }

  // A text that shows a reader nothing (\u200b, <b></b>, a comment) counts as missing: it is dropped
  // here, so the badge, the coverage, the status and the JSON API all agree, and the build says so.
  const visible = <T extends { ja?: string | undefined; en?: string | undefined }>(file: string, field: string, item: T): T => {
    const out = { ...item };
    for (const lang of LANGS) {
      const text = out[lang];
      if (text !== undefined && rendersEmpty(text)) {
        delete out[lang];
        notices.add(file, `${field}${field ? '.' : ''}${lang}`, `shows nothing (${text.trim() ? 'only invisible characters, empty HTML or a comment' : 'empty'}), so it counts as missing`, 'text a reader can see, or leave the field out');
      }
    }
    return out;
  };
  const visibleNotes = (file: string, field: string, notes: Note[]) => notes.map((n, j) => {
    const note = visible(file, `${field}[${j}]`, n);
    if (!note.ja && !note.en) problems.add(file, `${field}[${j}]`, 'the note has no text in either language', 'a visible ja or en text (or remove the note)');
    return note;
  });

  /** One file checked on its own: its game, document and ids, its status per language and the reasons. */
  const checkFile = (given: { id: string; file: string; data: EntryData; hasBody: boolean }): Part | undefined => {
    const data: EntryData = {
      ...given.data,
      notes: visibleNotes(given.file, 'notes', given.data.notes),
      rules: given.data.rules.map((r, i) => ({ ...visible(given.file, `rules[${i}]`, r), notes: visibleNotes(given.file, `rules[${i}].notes`, r.notes) })),
    };
    const parts = given.id.split('/');
    const [gameId = '', docId = ''] = parts;
    const entryId = parts.slice(2).join('/');
    if (!games.has(gameId)) {
      problems.add(given.file, 'game', `unknown game "${gameId}"`, `one of: ${[...games.keys()].join(', ')} (or add content/${gameId}/game.yaml)`);
      return undefined;
    }
    const doc = docs.get(`${gameId}/${docId}`);
    if (!doc) {
      const known = [...docs.values()].filter((d) => d.game === gameId).map((d) => d.id);
      problems.add(given.file, 'document', `unknown document "${docId}" in ${gameId}`, `one of: ${known.join(', ') || '(none)'} (or add content/${gameId}/${docId}/document.yaml)`);
      return undefined;
    }
    const style = doc.style;
    if (!isEntryId(style, entryId)) {
      problems.add(given.file, 'file name', `"${entryId}" is not a valid entry id for ${gameId}/${docId}`, `an id like "${ID_EXAMPLES[style].entry}"`);
      return undefined;
    }
    if (data.rules.length === 0 && !given.hasBody && data.see.length === 0) {
      problems.add(given.file, 'rules', 'the entry has no sub-rules, no body and no "see" redirect', 'at least one item under rules:, MDX body text, or see: [ids]');
    }
    const missing: Record<Lang, number> = { ja: 0, en: 0 };
    for (const r of data.rules) for (const lang of LANGS) if (!r[lang]) missing[lang]++;
    const status = {
      ja: deriveStatus(data, 'ja', missing.ja, data.rules.length),
      en: deriveStatus(data, 'en', missing.en, data.rules.length),
    };
    for (const lang of LANGS) {
      if (status[lang] === 'missing' && !data.missing?.[lang]) {
        problems.add(given.file, `missing.${lang}`, `the ${lang} text is marked missing without a reason`, `a short reason under missing.${lang}`);
      }
      // A declared status must agree with the text: "community" (or "official") over sub-rules
      // without text would show a finished badge over the gaps. ("missing" may stand over a partly
      // written language: the importer marks one so, with the absent sub-rules as the reason.)
      const declared = data.status[lang];
      const without = data.rules.flatMap((r, i) => (r[lang] ? [] : [`rules[${i}]`]));
      if ((declared === 'community' || declared === 'official') && without.length) {
        problems.add(given.file, `status.${lang}`, `is "${declared}", but ${without.length} sub-rule${without.length === 1 ? ' has' : 's have'} no ${lang} text (${without.slice(0, 5).join(', ')}${without.length > 5 ? ', …' : ''})`, `the ${lang} text of every sub-rule, status "draft", or no status (then it is derived)`);
      }
    }
    const rules = data.rules.filter((rule, i) => {
      if (isRuleId(style, rule.id) && belongsTo(style, rule.id, entryId)) return true;
      problems.add(given.file, `rules[${i}].id`, `"${rule.id}" is not a sub-rule id of entry "${entryId}"`, `"${entryId}" itself or an id below it, like "${ID_EXAMPLES[style].rule}"`);
      return false;
    });
    return { game: gameId, doc, id: entryId, file: given.file, data, rules, hasBody: given.hasBody, style, status, missing };
  };

  const handParts = input.entries.flatMap((e) => checkFile(e) ?? []);
  const officialParts = officialInputs.flatMap((o) => {
    const part = checkFile({ id: o.input.id, file: o.input.file, data: o.data, hasBody: false });
    return part ? [{ ...part, edition: o.edition, release: o.release }] : [];
  });

  // Where each official sub-rule is shown: the hand-written entry that holds it (or holds its
  // entry), else its own official page.
  const holders = new Map<string, Holder & { part: Part }>();
  for (const h of handParts) {
    const holder = { entry: h.id, doc: h.doc.id, file: h.file, ids: new Set([h.id, ...h.rules.map((r) => r.id)]), part: h };
    for (const id of holder.ids) if (!holders.has(`${h.game}:${id}`)) holders.set(`${h.game}:${id}`, holder);
  }
  /** What joins each hand-written page: official entries whose id it holds, and official sub-rules. */
  const joins = new Map<Part, { homes: CheckedOfficial[]; rows: { from: CheckedOfficial; index: number }[] }>();
  const joinOf = (p: Part) => joins.get(p) ?? joins.set(p, { homes: [], rows: [] }).get(p)!;
  const ownPages: { part: CheckedOfficial; rows: number[]; elsewhere: string[] }[] = [];
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
  const officialSide = (rows: SubRule[], from: CheckedOfficial[], release: OfficialEditionData): OfficialInfo => {
    const shown = rows.filter((r) => r.official);
    const files = [...new Set([...from.map((o) => o.file), ...shown.map((r) => r.from.official!.file)])];
    const byFile = new Map(officialParts.map((o) => [o.file, o]));
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
  /** Pages that gather official entries: their see / see-also ids join the page's, checked against their own file. */
  const pending = ctx.gathered;

  const place = (entry: Entry) => {
    define(ctx, entry.game, entry.id, { kind: 'entry', game: entry.game, id: entry.id, entry }, entry.file, 'file name');
    for (const rule of entry.data.rules) {
      if (rule.id === entry.id) continue; // the entry's own text shares the entry's id
      const at = rule.from.explanation ?? rule.from.official!;
      define(ctx, entry.game, rule.id, { kind: 'rule', game: entry.game, id: rule.id, entry, rule }, at.file, `rules[${at.index}].id`);
    }
    entries.push(entry);
    docs.get(`${entry.game}/${entry.doc}`)!.entries.push(entry);
  };

  for (const h of handParts) {
    const join = joins.get(h);
    const own = h.rules.map((r) => explanationRow(r, h.data.rules.indexOf(r), h.file));
    const explanation: ExplanationInfo = { file: h.file, status: h.status, missing: h.missing };
    if (!join) {
      place({ game: h.game, doc: h.doc.id, id: h.id, file: h.file, data: { ...h.data, rules: own }, hasBody: h.hasBody, style: h.style, status: h.status, missing: h.missing, explanation });
      continue;
    }
    // One row per id: the official text and the explanation of the same sub-rule side by side.
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
    const official = officialSide(rows, join.homes, release);
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
    place(entry);
    pending.push({ entry, from: [...new Set([...join.homes, ...join.rows.map((r) => r.from)])] });
  }
  for (const { part: o, rows: own, elsewhere } of ownPages) {
    const rows = own.map((i) => officialRow(o, i));
    const official = officialSide(rows, [o], o.release);
    const status = { ja: combined('ja', official, undefined), en: combined('en', official, undefined) };
    // Sub-rules shown on an explanation's page are pointed to from here ("See: 6.7.2").
    const see = [...o.data.see, ...elsewhere.filter((id) => !o.data.see.includes(id))];
    place({
      game: o.game, doc: o.doc.id, id: o.id, file: o.file,
      data: { ...o.data, see, ...(Object.keys(official.missing).length ? { missing: official.missing } : {}), rules: rows },
      hasBody: false, style: o.style, status, missing: missingCounts(rows), official,
    });
  }

  // A deployment that imported another edition than the explanations follow is told where both meet.
  for (const doc of docs.values()) {
    const differ = doc.entries.filter((e) => e.official?.differs);
    const file = editions.get(`${doc.game}/${doc.id}`)?.file;
    if (differ.length && file) {
      notices.add(file, 'version', `the official text (${doc.official?.version}) is not the edition the explanations follow (${[...new Set(differ.map((e) => e.official!.differs))].join('; ')}) on ${differ.length} page${differ.length === 1 ? '' : 's'} that show${differ.length === 1 ? 's' : ''} both (${differ.slice(0, 6).map((e) => e.id).join(', ')}${differ.length > 6 ? ', …' : ''}): a number may hold another rule in each, and those pages say so`, 'the official files of the edition the explanations follow, or explanations checked against this one');
    }
  }
}
