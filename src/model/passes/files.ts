// The files part of the pages pass: every file checked on its own — its game, document and ids, its
// status per language and the reasons — official files read in the entry shape, with their edition.
// A text that shows a reader nothing counts as missing (a notice). Reads ctx.games, ctx.docs,
// ctx.officialEditions, input.entries, input.official; writes ctx.written and problems, notices.
import type { EntryData, Lang, Note, OfficialEditionData, OfficialEntryData, Rule, Status } from '../../schemas/content';
import { belongsTo, ID_EXAMPLES, type IdStyle, isEntryId, isRuleId } from '../ids';
import { rendersEmpty } from '../markdown-text';
import type { Doc, OfficialInput } from '../types';
import type { ModelContext } from './context';

const LANGS: Lang[] = ['ja', 'en'];

/** One file checked on its own (hand-written, or official in the entry shape). */
export interface Part {
  game: string; doc: Doc; id: string; file: string; data: EntryData;
  /** Its sub-rules with valid ids. */
  rules: Rule[];
  hasBody: boolean; style: IdStyle; status: Record<Lang, Status>; missing: Record<Lang, number>;
}
export type CheckedOfficial = Part & { edition: OfficialEntryData['edition']; release: OfficialEditionData };
export interface CheckedFiles { hand: Part[]; official: CheckedOfficial[] }

function deriveStatus(data: EntryData, lang: Lang, missingRules: number, total: number): Status {
  const declared = data.status[lang];
  if (declared) return declared;
  if (total > 0 && missingRules === total) return 'missing';
  return missingRules > 0 ? 'draft' : 'community';
}

type OfficialRead = { input: OfficialInput; data: EntryData; edition: OfficialEntryData['edition']; release: OfficialEditionData };

/** Official files in the entry shape, each with its edition (and the document's import), or a problem when the import is incomplete. */
function readOfficial(ctx: ModelContext): OfficialRead[] {
  const { input, problems, written } = ctx;
  const editions = ctx.officialEditions;
  const officialInputs: OfficialRead[] = [];
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
  return officialInputs;
}

// A text that shows a reader nothing (\u200b, <b></b>, a comment) counts as missing: it is dropped
// here, so the badge, the coverage, the status and the JSON API all agree, and the build says so.
function visible<T extends { ja?: string | undefined; en?: string | undefined }>(ctx: ModelContext, file: string, field: string, item: T): T {
  const out = { ...item };
  for (const lang of LANGS) {
    const text = out[lang];
    if (text !== undefined && rendersEmpty(text)) {
      delete out[lang];
      ctx.notices.add(file, `${field}${field ? '.' : ''}${lang}`, `shows nothing (${text.trim() ? 'only invisible characters, empty HTML or a comment' : 'empty'}), so it counts as missing`, 'text a reader can see, or leave the field out');
    }
  }
  return out;
}
const visibleNotes = (ctx: ModelContext, file: string, field: string, notes: Note[]) => notes.map((n, j) => {
  const note = visible(ctx, file, `${field}[${j}]`, n);
  if (!note.ja && !note.en) ctx.problems.add(file, `${field}[${j}]`, 'the note has no text in either language', 'a visible ja or en text (or remove the note)');
  return note;
});

/** One file checked on its own: its game, document and ids, its status per language and the reasons. */
function checkFile(ctx: ModelContext, given: { id: string; file: string; data: EntryData; hasBody: boolean }): Part | undefined {
  const { problems, games, docs } = ctx;
  const data: EntryData = {
    ...given.data,
    notes: visibleNotes(ctx, given.file, 'notes', given.data.notes),
    rules: given.data.rules.map((r, i) => ({ ...visible(ctx, given.file, `rules[${i}]`, r), notes: visibleNotes(ctx, given.file, `rules[${i}].notes`, r.notes) })),
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
}

export function checkFiles(ctx: ModelContext): CheckedFiles {
  const { input, written } = ctx;
  written.push(...input.entries.map((e) => ({ file: e.file, data: e.data })));
  const officialInputs = readOfficial(ctx);
  const handParts = input.entries.flatMap((e) => checkFile(ctx, e) ?? []);
  const officialParts = officialInputs.flatMap((o) => {
    const part = checkFile(ctx, { id: o.input.id, file: o.input.file, data: o.data, hasBody: false });
    return part ? [{ ...part, edition: o.edition, release: o.release }] : [];
  });
  return { hand: handParts, official: officialParts };
}
