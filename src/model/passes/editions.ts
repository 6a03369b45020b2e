// The editions passes: the editions record (content/{game}/editions.yaml: each document's current
// edition, its earlier ones and the rules they numbered otherwise) and every imported edition
// (official/_history/, docs/architecture.md#editions), merged into one list of moves for notices and
// pinned links. Reads input.editions, input.officialHistory, input.official, ctx.officialEditions,
// ctx.docs, ctx.index, ctx.planned; writes ctx.moves, Doc.japanese and Doc.history.
import type { EditionInfo } from '../types';
import { checkHistory, disagreements, mergedNumberings, unitsOf } from '../history';
import { isRuleId, ID_EXAMPLES } from '../ids';
import type { Target } from '../types';
import { type ModelContext, texts } from './context';

/** Where a document with imported history lists what each edition changed (/{lang}/{game}/{doc}/changes/{edition}/). */
export const CHANGES_PAGE = 'changes';
/** A document's edition list in the JSON API (/api/{game}/{doc}/editions.json), for documents with editions. */
export const EDITIONS_FILE = 'editions';

/** How notices name an imported edition the editions record does not title: the document and the edition. */
export function editionTitle(doc: { ja: string; en: string }, id: string, edition: { en?: string; ja?: string } | undefined): { ja: string; en: string } {
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

/** The editions record: each document's current edition agrees with its version; every move names a rule number and an id of that document. */
export function editionsRecordPass(ctx: ModelContext): void {
  const { input, problems, games, docs, index, planned, moves } = ctx;
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
}

/** The entries of `doc` whose history page (either language) the manifest's paths name: `/{lang}/{game}/{doc}/{entry}/history/`. */
function publishedHistories(published: Iterable<string> | undefined, doc: { game: string; id: string }): Set<string> {
  const out = new Set<string>();
  for (const path of published ?? []) {
    const [, lang, game, docId, entry, history, end] = path.split('/');
    if ((lang === 'ja' || lang === 'en') && game === doc.game && docId === doc.id && entry && history === 'history' && end === '' && path.split('/').length === 7) out.add(entry);
  }
  return out;
}

// Every imported edition (official/_history/, docs/architecture.md#editions): each document's
// steps walk back from its current official text without a contradiction, agree with the editions
// record about an edition both speak of, and add the moves the record lacks, so that notices and
// pinned links read one list (src/model/history.ts#mergedNumberings).
export function historyPass(ctx: ModelContext): void {
  const { input, problems, docs, index, moves } = ctx;
  const editions = ctx.officialEditions;
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
    doc.history = { editions: infos, states, numberings, published: publishedHistories(input.published, doc) };
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
}
