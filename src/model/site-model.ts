// The site model: games → documents → entries → sub-rules, with an id index per game. Built from
// plain data (no Astro import) so the cross-entry checks can be unit-tested on fixtures.
import type { EntryData, JaFollows, Lang, Note, OfficialEditionData, OfficialEntryData, Rule, Status } from '../schemas/content';
import { type Holder, placeOfficial } from './official';
import { belongsTo, compareIds, ID_EXAMPLES, type IdStyle, isEntryId, isRuleId } from './ids';
import { ContentProblems } from './problems';
import { checkHistory, disagreements, editionId, mergedNumberings, unitsOf } from './history';
import { pinDoc, type PinDoc, type PinTable } from './pinned';
import { type Served, servedOf } from './served';
import { markdownProblems, rendersEmpty } from './markdown-text';
import { findWikiLinks } from './wiki-links';
import { entryTexts } from './entry-texts';
import { buildLinkIndex } from './link-index';
import type { Coverage, Doc, DocumentInput, EditionInfo, EditionInput, EditionsInput, HistoryInput, Entry, EntryInput, ExplanationInfo, Game, GameInput, GlossaryInput, OfficialInfo, OfficialInput, OfficialPlacement, PlannedInput, Renumbering, OfficialTerm, SiteModel, SubRule, Target, TermsInput } from './types';

export type * from './types';

/** The entry id a document's glossary page takes (its URL is /{lang}/{game}/{doc}/glossary/). */
export const GLOSSARY_PAGE = 'glossary';
/** Where a document with imported history lists what each edition changed (/{lang}/{game}/{doc}/changes/{edition}/). */
export const CHANGES_PAGE = 'changes';
/** A document's edition list in the JSON API (/api/{game}/{doc}/editions.json), for documents with editions. */
export const EDITIONS_FILE = 'editions';

const LANGS: Lang[] = ['ja', 'en'];
/** Per-game pages that share the URL level of documents (/{lang}/{game}/terms/). */
const RESERVED_DOCS = ['terms', 'graph'];

/** One file checked on its own (hand-written, or official in the entry shape). */
interface Part {
  game: string; doc: Doc; id: string; file: string; data: EntryData;
  /** Its sub-rules with valid ids. */
  rules: Rule[];
  hasBody: boolean; style: IdStyle; status: Record<Lang, Status>; missing: Record<Lang, number>;
}
type CheckedOfficial = Part & { edition: OfficialEntryData['edition']; release: OfficialEditionData };

const texts = (r: { ja?: string | undefined; en?: string | undefined }) => ({ ...(r.ja ? { ja: r.ja } : {}), ...(r.en ? { en: r.en } : {}) });

/** How notices name an imported edition the editions record does not title: the document and the edition. */
function editionTitle(doc: { ja: string; en: string }, id: string, edition: { en?: string; ja?: string } | undefined): { ja: string; en: string } {
  if (id.startsWith('ja-') && edition?.ja) return { ja: `${doc.ja}（日本語版 ${edition.ja}）`, en: `the ${doc.en}, Japanese edition ${edition.ja}` };
  return { ja: `${doc.ja} ${id}`, en: `the ${doc.en} ${id}` };
}

/**
 * How a notice names a moved rule the editions record does not: its heading or entry title, else
 * the opening of its text in that edition, per language (the other language's when one is missing).
 */
function ruleName(target: Target | undefined, then: { en?: string; ja?: string; title?: { ja: string; en: string }; ruleTitle?: { ja?: string | undefined; en?: string | undefined } } | undefined, id: string): { ja: string; en: string } {
  const cut = (text: string | undefined) => text === undefined ? undefined : text.length > 48 ? `${text.slice(0, 47).trimEnd()}…` : text;
  const named = then?.title ?? then?.ruleTitle ?? (target?.kind === 'rule' ? target.rule.title : target?.kind === 'entry' ? target.entry.data.title : undefined);
  const ja = named?.ja ?? cut(then?.ja) ?? named?.en ?? cut(then?.en) ?? id;
  const en = named?.en ?? cut(then?.en) ?? named?.ja ?? cut(then?.ja) ?? id;
  return { ja, en };
}

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

export function buildModel(input: {
  games: GameInput[];
  documents: DocumentInput[];
  entries: EntryInput[];
  planned: PlannedInput[];
  terms?: TermsInput[];
  official?: OfficialInput[];
  officialEditions?: EditionInput[];
  officialGlossaries?: GlossaryInput[];
  editions?: EditionsInput[];
  officialHistory?: HistoryInput[];
  /** content/served.json: the editions the site has served (src/model/served.ts). */
  served?: Served;
}): SiteModel {
  const problems = new ContentProblems();
  const games = new Map<string, Game>();
  for (const g of input.games) games.set(g.id, { id: g.id, data: g.data, docs: [], terms: [] });

  const docs = new Map<string, Doc>();
  for (const d of input.documents) {
    const [gameId = '', docId = ''] = d.id.split('/');
    const game = games.get(gameId);
    if (!game) {
      problems.add(d.file, 'game', `unknown game "${gameId}"`, `a folder with content/${gameId}/game.yaml (known games: ${[...games.keys()].join(', ')})`);
      continue;
    }
    if (RESERVED_DOCS.includes(docId)) {
      problems.add(d.file, 'document', `"${docId}" is reserved for the site's own ${docId} page`, `another folder name (not ${RESERVED_DOCS.join(', ')})`);
      continue;
    }
    const doc: Doc = { game: gameId, id: docId, file: d.file, data: d.data, style: d.data.idStyle ?? game.data.idStyle, entries: [] };
    docs.set(d.id, doc);
    game.docs.push(doc);
  }

  const index = new Map<string, Target>();
  const origin = new Map<string, string>(); // key → file that defined it, for duplicate reports
  const define = (game: string, id: string, target: Target, file: string, field: string) => {
    const key = `${game}:${id}`;
    const first = origin.get(key);
    if (first) {
      problems.add(file, field, `duplicate id "${id}" (already defined in ${first})`, 'an id that is unique within the game');
      return;
    }
    origin.set(key, `${file}${field === 'file name' ? '' : ` › ${field}`}`);
    index.set(key, target);
  };

  // Official text and explanations meet on one page (docs/architecture.md#official-text-and-explanations-on-one-page):
  // first each file is checked on its own (ids, status, reasons), then official sub-rules are placed
  // on pages (src/model/official.ts) and each page is assembled from what it holds.
  const editions = new Map((input.officialEditions ?? []).map((e) => [e.id, e]));
  for (const e of input.officialEditions ?? []) {
    const doc = docs.get(e.id);
    if (doc) doc.official = e.data;
    else problems.add(e.file, 'document', `official text for an unknown document "${e.id}"`, `content/${e.id}/document.yaml, or remove content/${e.id}/official/`);
  }
  const officialKeys = new Set<string>();
  /** Every file as written, official ones in the entry shape, for the checks that name their own file. */
  const written: { file: string; data: EntryData }[] = input.entries.map((e) => ({ file: e.file, data: e.data }));
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
  const notices = new ContentProblems();
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
  const placements: OfficialPlacement[] = [];
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
  const pending: { entry: Entry; from: CheckedOfficial[] }[] = [];

  const entries: Entry[] = [];
  const place = (entry: Entry) => {
    define(entry.game, entry.id, { kind: 'entry', game: entry.game, id: entry.id, entry }, entry.file, 'file name');
    for (const rule of entry.data.rules) {
      if (rule.id === entry.id) continue; // the entry's own text shares the entry's id
      const at = rule.from.explanation ?? rule.from.official!;
      define(entry.game, rule.id, { kind: 'rule', game: entry.game, id: rule.id, entry, rule }, at.file, `rules[${at.index}].id`);
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

  // Every page names the edition it follows (docs/content.md#a-document): the document's version,
  // or each entry's own source.version; an edition that cannot be established is described in
  // both languages and explained in a 要確認 note.
  for (const doc of docs.values()) {
    const version = doc.data.version;
    const unversioned = doc.entries.filter((e) => !e.data.source?.version);
    if (version === undefined && unversioned.length) {
      problems.add(doc.file, 'version', `is missing, and ${unversioned.length} of its entries name no source.version (${unversioned.slice(0, 3).map((e) => e.id).join(', ')}${unversioned.length > 3 ? ', …' : ''})`, 'the edition the pages follow (version: "1.7"), or { ja, en } saying it is not established, with a question note');
    }
    if (typeof version === 'object' && !doc.data.notes.some((n) => n.kind === 'question')) {
      problems.add(doc.file, 'notes', 'the version is described (not established) but no 要確認 note explains it', 'a note with kind: question saying what is known about the edition');
    }
  }

  const planned = new Map<string, Target>();
  for (const p of input.planned) {
    p.items.forEach((item, i) => {
      const key = `${p.game}:${item.id}`;
      // An id the official text now provides needs no plan any more; the plan is the maintainers' file.
      if (index.has(key) && !officialKeys.has(key)) {
        problems.add(p.file, `planned[${i}].id`, `"${item.id}" is planned but already written (${origin.get(key)})`, 'remove it from planned.yaml');
      }
      planned.set(key, { kind: 'planned', game: p.game, id: item.id, title: item.title });
    });
  }

  // Links an official file gave a page that gathers it join the page's own, checked against that
  // file; ids on the page itself are left out (a heading's list of what is below it, now rows here).
  for (const { entry, from } of pending) {
    for (const field of ['see', 'seeAlso'] as const) {
      const ids = [...entry.data[field]];
      for (const o of from) {
        o.data[field].forEach((id, i) => {
          const key = `${entry.game}:${id}`;
          const target = index.get(key);
          if (!target && !planned.has(key)) problems.add(o.file, `${field}[${i}]`, `"${id}" is not an id in ${entry.game}`, `an entry or sub-rule id of ${entry.game}, or an id declared in content/${entry.game}/planned.yaml`);
          else if (!ids.includes(id) && !(target && target.kind !== 'planned' && target.entry === entry)) ids.push(id);
        });
      }
      entry.data[field] = ids;
    }
  }
  for (const entry of entries) {
    for (const field of ['seeAlso', 'see'] as const) {
      entry.data[field].forEach((id, i) => {
        const key = `${entry.game}:${id}`;
        if (!index.has(key) && !planned.has(key)) {
          problems.add(entry.file, `${field}[${i}]`, `"${id}" is not an id in ${entry.game}`, `an entry or sub-rule id of ${entry.game}, or an id declared in content/${entry.game}/planned.yaml`);
        }
      });
    }
  }

  // [[id]] links inside texts must resolve too (planned targets render as unlinked text).
  for (const entry of entries) {
    for (const { field, text, file } of entryTexts(entry.data)) {
      for (const link of findWikiLinks(text)) {
        const key = `${entry.game}:${link.id}`;
        if (!index.has(key) && !planned.has(key)) {
          problems.add(file ?? entry.file, field, `the link [[${link.id}]] points to no id in ${entry.game}`, `an entry or sub-rule id of ${entry.game}, or an id in content/${entry.game}/planned.yaml`);
        }
      }
    }
  }

  // Markdown that would put a script link on the page (javascript:, data: …) or lose text without a
  // word (raw HTML, which the renderer does not output): every text of entries and documents.
  const checkMarkdown = (file: string, field: string, text: string) => {
    for (const issue of markdownProblems(text)) problems.add(file, field, issue.message, issue.expected);
  };
  // As written (before texts that show nothing are set aside), so raw HTML is named, not just missed.
  for (const entry of written) for (const { field, text } of entryTexts(entry.data)) checkMarkdown(entry.file, field, text);
  for (const doc of docs.values()) {
    doc.data.notes.forEach((note, j) => { for (const lang of LANGS) if (note[lang]) checkMarkdown(doc.file, `notes[${j}].${lang}`, note[lang]); });
  }

  for (const t of input.terms ?? []) {
    const game = games.get(t.game);
    if (!game) {
      problems.add(t.file, 'game', `unknown game "${t.game}"`, `one of: ${[...games.keys()].join(', ')}`);
      continue;
    }
    game.terms = t.terms;
    game.termsFile = t.file;
    const seen = new Set<string>();
    // One wording, one term: search aliases and term links look a wording up to find its term, so
    // the same wording under two ids would send readers to whichever came first.
    const wordings = new Map<string, { id: string; field: string }>();
    t.terms.forEach((term, i) => {
      if (seen.has(term.id)) problems.add(t.file, `terms[${i}].id`, `duplicate term id "${term.id}"`, 'a term id that is unique within the game');
      seen.add(term.id);
      const words: [string, Lang, string][] = [[term.en, 'en', `terms[${i}].en`], [term.ja, 'ja', `terms[${i}].ja`], ...term.variants.map((v, j): [string, Lang, string] => [v.term, v.lang, `terms[${i}].variants[${j}].term`])];
      for (const [word, lang, field] of words) {
        const key = `${lang}:${word.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ')}`;
        const first = wordings.get(key);
        if (first && first.id !== term.id) {
          problems.add(t.file, field, `the wording "${word}" is already term "${first.id}" (${first.field})`, 'each wording under one term id only: merge the two terms, or keep the wording as a variant of one of them');
        } else if (!first) wordings.set(key, { id: term.id, field });
      }
      term.entries.forEach((id, j) => {
        const key = `${t.game}:${id}`;
        if (!index.has(key) && !planned.has(key)) {
          problems.add(t.file, `terms[${i}].entries[${j}]`, `"${id}" is not an id in ${t.game}`, `an entry or sub-rule id of ${t.game}, or an id in content/${t.game}/planned.yaml`);
        }
      });
    });
  }

  // Official glossaries: each term's rule links resolve, and a term is joined with the dictionary's
  // term of the same English wording (its name or a variant).
  for (const g of input.officialGlossaries ?? []) {
    const doc = docs.get(g.id);
    if (!doc) {
      problems.add(g.file, 'document', `an official glossary for an unknown document "${g.id}"`, `content/${g.id}/document.yaml, or remove the file`);
      continue;
    }
    const clash = doc.entries.find((e) => e.id === GLOSSARY_PAGE);
    if (clash) problems.add(g.file, '(file)', `the document has an entry "${GLOSSARY_PAGE}" (${clash.file}), whose page is where the glossary is shown`, `another id for that entry (with a redirect for its published URLs)`);
    const words = new Map<string, string>();
    const key = (w: string) => w.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
    for (const term of games.get(doc.game)?.terms ?? []) {
      for (const w of [term.en, ...term.variants.filter((v) => v.lang === 'en').map((v) => v.term)]) if (!words.has(key(w))) words.set(key(w), term.id);
    }
    const seen = new Set<string>();
    const terms = g.data.terms.map((t, i): OfficialTerm => {
      if (seen.has(t.id)) problems.add(g.file, `terms[${i}].id`, `duplicate term id "${t.id}"`, 'an id that is unique in the glossary');
      seen.add(t.id);
      if (!t.en.trim() && !t.ja) problems.add(g.file, `terms[${i}]`, 'the term has no name in either language', 'an en or ja name');
      t.entries.forEach((id, j) => {
        const k = `${doc.game}:${id}`;
        if (!index.has(k) && !planned.has(k)) problems.add(g.file, `terms[${i}].entries[${j}]`, `"${id}" is not an id in ${doc.game}`, `an entry or sub-rule id of ${doc.game} (run the import again after ids change)`);
      });
      const term = [t.en, ...t.enAliases].map((w) => words.get(key(w))).find(Boolean);
      return { ...t, ...(term ? { term } : {}) };
    });
    doc.glossary = { file: g.file, edition: g.data.edition, terms };
  }

  const moves: Renumbering[] = [];
  for (const ed of input.editions ?? []) {
    if (!games.has(ed.game)) {
      problems.add(ed.file, 'game', `unknown game "${ed.game}"`, `one of: ${[...games.keys()].join(', ')}`);
      continue;
    }
    for (const [docId, record] of Object.entries(ed.data.documents)) {
      const at = `documents.${docId}`;
      const doc = docs.get(`${ed.game}/${docId}`);
      if (!doc) {
        const known = [...docs.values()].filter((d) => d.game === ed.game).map((d) => d.id);
        problems.add(ed.file, at, `unknown document "${docId}" in ${ed.game}`, `one of: ${known.join(', ') || '(none)'}`);
        continue;
      }
      const clash = doc.entries.find((e) => e.id === EDITIONS_FILE);
      if (clash) problems.add(ed.file, at, `the document has an entry "${EDITIONS_FILE}" (${clash.file}), whose JSON file is where the API lists the document's editions`, 'another id for that entry (with a redirect for its published URLs)');
      const version = doc.data.version;
      if (typeof version !== 'string') {
        problems.add(ed.file, `${at}.current`, `${doc.file} names no version string for "${record.current}" to match`, `version: "${record.current}" in ${doc.file}`);
      } else if (version !== record.current) {
        problems.add(ed.file, `${at}.current`, `"${record.current}" is not the version named in ${doc.file} ("${version}")`, 'the same edition in both files');
      }
      const seenEditions = new Set([record.current]);
      // The newest translation numbering the record names is the edition the Japanese side follows (docs/import.md#pairs).
      const translation = record.earlier.find((e) => e.id.startsWith('ja-'));
      if (translation && translation.id.slice(3) !== record.current) doc.japanese = { id: translation.id, title: translation.title };
      record.earlier.forEach((edition, i) => {
        const field = `${at}.earlier[${i}]`;
        if (seenEditions.has(edition.id)) problems.add(ed.file, `${field}.id`, `edition "${edition.id}" is listed twice (or is the current one)`, 'each earlier edition once, none equal to current');
        seenEditions.add(edition.id);
        const seenFrom = new Set<string>();
        edition.moved.forEach((m, j) => {
          const mf = `${field}.moved[${j}]`;
          if (!isRuleId(doc.style, m.from)) problems.add(ed.file, `${mf}.from`, `"${m.from}" is not a rule number of ${ed.game}/${docId}`, `an id like "${ID_EXAMPLES[doc.style].rule}"`);
          if (seenFrom.has(m.from)) problems.add(ed.file, `${mf}.from`, `"${m.from}" is listed twice for edition "${edition.id}"`, 'one line per old number');
          seenFrom.add(m.from);
          if (m.from === m.to) problems.add(ed.file, `${mf}.to`, `"${m.to}" is the same number as before`, 'a rule whose number changed (leave unchanged ones out)');
          const key = `${ed.game}:${m.to}`;
          const target = index.get(key) ?? planned.get(key);
          if (!target) {
            problems.add(ed.file, `${mf}.to`, `"${m.to}" is not an id in ${ed.game}`, `an entry or sub-rule id of ${ed.game}, or an id in content/${ed.game}/planned.yaml`);
          } else if (target.kind !== 'planned' && target.entry.doc !== docId) {
            problems.add(ed.file, `${mf}.to`, `"${m.to}" belongs to ${ed.game}/${target.entry.doc}, not ${ed.game}/${docId}`, `an id of ${ed.game}/${docId}`);
          }
          moves.push({ game: ed.game, doc: docId, edition: { id: edition.id, title: edition.title }, from: m.from, to: m.to, title: m.title });
        });
      });
    }
  }

  // Every imported edition (official/_history/, docs/architecture.md#editions): each document's
  // steps walk back from its current official text without a contradiction, agree with the editions
  // record about an edition both speak of, and add the moves the record lacks, so that notices and
  // pinned links read one list (src/model/history.ts#mergedNumberings).
  for (const [docKey, steps] of Map.groupBy(input.officialHistory ?? [], (h) => h.doc)) {
    const doc = docs.get(docKey);
    if (!doc) {
      for (const h of steps) problems.add(h.file, '(file)', `history for an unknown document "${docKey}"`, `content/${docKey}/document.yaml, or remove content/${docKey}/official/_history/`);
      continue;
    }
    const say = (file: string, field: string, message: string, expected: string) => problems.add(file, field, message, expected);
    const current = unitsOf((input.official ?? []).filter((o) => o.id.startsWith(`${docKey}/`)).map((o) => ({ id: o.id.slice(docKey.length + 1), data: o.data })));
    const release = editions.get(docKey);
    const checked = checkHistory({ steps: steps.map((h) => ({ id: h.id, file: h.file, data: h.data })), current, edition: release?.data.edition, editionFile: release?.file ?? `content/${docKey}/official/_edition.yaml` }, say);
    if (!checked) continue;
    const { ordered, states, numberings } = checked;
    const n = ordered.length;
    const infos: EditionInfo[] = states.map((state, k) => {
      const step = ordered[n - 1 - k];
      const edition = step ? step.data.edition : ordered[0]!.data.previous;
      const info: EditionInfo = { id: state.id, edition: texts(edition) };
      if (step) {
        const moved = new Map(step.data.moved.map((m) => [m.from, m.to]));
        const removed = new Set(step.data.removed);
        info.step = {
          file: step.file, imported: step.data.imported, added: step.data.added, removed: step.data.removed, moved: step.data.moved,
          reworded: step.data.before.filter((b) => !removed.has(b.id)).map((b) => ({
            from: b.id, to: moved.get(b.id) ?? b.id,
            fields: (['en', 'ja', 'title', 'ruleTitle'] as const).filter((f) => b[f] !== undefined),
          })),
        };
      }
      return info;
    });
    doc.history = { editions: infos, states, numberings };
    for (const taken of [CHANGES_PAGE, EDITIONS_FILE]) {
      const clash = doc.entries.find((e) => e.id === taken);
      if (clash) problems.add(ordered.at(-1)!.file, '(file)', `the document has an entry "${taken}" (${clash.file}), whose address the ${taken === CHANGES_PAGE ? 'changes pages' : 'JSON API\'s editions.json'} take once a document has imported history`, 'another id for that entry (with a redirect for its published URLs)');
    }

    const recordFile = (input.editions ?? []).find((e) => e.game === doc.game);
    const record = recordFile?.data.documents[doc.id];
    const newest = ordered.at(-1)!.id;
    if (recordFile && record) {
      for (const d of disagreements(record, newest, numberings)) {
        const m = record.earlier[d.edition]!.moved[d.move]!;
        problems.add(recordFile.file, `documents.${doc.id}.earlier[${d.edition}].moved[${d.move}].to`, `"${m.from}" of edition ${record.earlier[d.edition]!.id} is "${m.to}" here, but the imported history finds ${d.found}`, 'the number the history finds, or a history imported from the right files (docs/import.md#editions-kept)');
      }
    }
    const recorded = new Set(moves.filter((m) => m.game === doc.game && m.doc === doc.id).map((m) => `${m.edition.id}\u0000${m.from}`));
    for (const numbering of mergedNumberings(record, newest, numberings)) {
      if (numbering.source === 'record') continue;
      const info = infos.find((e) => e.id === numbering.id);
      const then = states.find((e) => e.id === numbering.id);
      const title = record?.earlier.find((e) => e.id === numbering.id)?.title ?? editionTitle(doc.data.title, numbering.id, info?.edition);
      for (const m of numbering.moved) {
        if (recorded.has(`${numbering.id}\u0000${m.from}`)) continue;
        moves.push({ game: doc.game, doc: doc.id, edition: { id: numbering.id, title }, from: m.from, to: m.to, title: ruleName(index.get(`${doc.game}:${m.to}`), then?.units.get(m.from), m.to) });
      }
    }
  }

  problems.throwIfAny();

  const sortedGames = [...games.values()].sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
  for (const g of sortedGames) {
    g.docs.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
    for (const d of g.docs) d.entries.sort((a, b) => (a.data.order ?? 0) - (b.data.order ?? 0) || compareIds(a.id, b.id));
  }

  const coverage: Coverage[] = [];
  for (const g of sortedGames) {
    const gameEntries = entries.filter((e) => e.game === g.id);
    for (const lang of LANGS) {
      coverage.push({
        game: g.id,
        lang,
        rules: gameEntries.reduce((n, e) => n + e.data.rules.length, 0),
        missing: gameEntries.reduce((n, e) => n + e.missing[lang], 0),
        entriesMissing: gameEntries.filter((e) => e.status[lang] === 'missing' || e.missing[lang] > 0).map((e) => `${e.doc}/${e.id}`),
      });
    }
  }

  const resolve = (game: string, id: string) => index.get(`${game}:${id}`) ?? planned.get(`${game}:${id}`);
  const links = buildLinkIndex(entries, resolve, (game) => games.get(game)?.data.idStyle ?? 'slug');
  const exists = (game: string, id: string) => index.has(`${game}:${id}`);
  const pinTables = new Map<string, PinTable>();
  const pins = (game: string): PinTable => {
    let table = pinTables.get(game);
    if (!table) {
      table = { game, docs: (games.get(game)?.docs ?? []).map((d) => docPins(d, (input.editions ?? []).find((e) => e.game === game), [...index.values()], servedOf(input.served, game, d.id))).filter((d) => d !== undefined) };
      pinTables.set(game, table);
    }
    return table;
  };
  return {
    games: sortedGames,
    entries,
    resolve,
    ids: (game) => [...index.values()].filter((t) => t.game === game),
    coverage,
    links,
    renumbering: (game, id) => ({
      reused: exists(game, id) ? moves.filter((m) => m.game === game && m.from === id) : [],
      formerly: moves.filter((m) => m.game === game && m.to === id),
    }),
    moves: (game) => moves.filter((m) => m.game === game).map((m) => ({ ...m, retired: !exists(game, m.from) })),
    notices: notices.list,
    placements,
    pins,
  };
}

const EDITION_ID = /^[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*$/;

/**
 * The edition id a document's pages follow now (docs/architecture.md#pinned-short-links): the newest
 * imported edition, else the imported official text's, else its version (the English one, when it is
 * given per language) when that is an edition id (`2.3.0`, `1.8`, `2026-09-25`; a guide's "Taiyaku 2026-11-30" or a described translation is none).
 */
export function currentEdition(doc: Doc): string | undefined {
  if (doc.history) return doc.history.editions[0]!.id;
  if (doc.official) return editionId(doc.official.edition);
  const v = doc.data.version;
  // A version per language names the English edition (Magic's effective date) in `en`.
  const id = typeof v === 'object' ? v.en : v;
  return id !== undefined && EDITION_ID.test(id) ? id : undefined;
}

/** A document's pinned-link table, when it has an edition id. */
function docPins(doc: Doc, record: EditionsInput | undefined, targets: Target[], served: string[]): PinDoc | undefined {
  const current = currentEdition(doc);
  if (current === undefined) return undefined;
  const info = doc.history?.editions ?? [];
  const recorded = record?.data.documents[doc.id];
  return pinDoc({
    doc: doc.id,
    current: { id: current, title: editionTitle(doc.data.title, current, info[0]?.edition ?? (doc.official ? texts(doc.official.edition) : undefined)) },
    ids: targets.filter((t) => t.kind !== 'planned' && t.game === doc.game && t.entry.doc === doc.id).map((t) => t.id),
    ...(doc.history ? { official: doc.history.states[0]!.units.keys() } : {}),
    history: (doc.history?.numberings ?? []).map((n, k) => ({
      id: n.id, title: editionTitle(doc.data.title, n.id, info[k + 1]?.edition), ids: doc.history!.states[k + 1]!.units.keys(), moved: n.moved, retired: n.retired,
    })),
    record: recorded && recorded.current === current ? recorded.earlier : [],
    served,
  });
}

/** The build's translation coverage summary: one line per game and language. */
export function formatCoverage(coverage: Coverage[]): string {
  const lines = coverage.map((c) => {
    const pct = c.rules ? (((c.rules - c.missing) / c.rules) * 100).toFixed(1) : '100.0';
    const which = c.entriesMissing.length ? `; incomplete: ${c.entriesMissing.slice(0, 8).join(', ')}${c.entriesMissing.length > 8 ? ', …' : ''}` : '';
    return `  ${c.game} ${c.lang}: ${c.rules - c.missing}/${c.rules} sub-rules translated (${pct}%)${which}`;
  });
  return `[taiyaku] translation coverage\n${lines.join('\n')}`;
}
