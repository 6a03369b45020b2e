// `npm run import -- <game> <english> [<japanese>]`: reads the files (text or PDF), checks they are the
// document asked for, plans the official files against the game's content on disk, rehearses the
// result on a copy that must pass every content check (src/content/load-content.ts), then writes it.
// Only content/{game}/{doc}/official/ is written (and document.yaml when there is none): hand-written
// explanations, planned.yaml and terms.yaml are never touched. docs/import.md is the guide.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Document, isMap, isSeq, parse } from 'yaml';
import { ContentError } from '../model/problems';
import { loadContent } from '../content/load-content';
import type { Built, GameId, GameImporter } from './game';
import { DOCUMENT_NAMES, identify } from './identify';
import { canonical, planOfficial, type OfficialFile, type Plan } from './official';
import { orderSteps, type HistoryStep } from '../model/history';
import { planStep, redirectLines, type PlannedStep } from './history';
import { moveRuns } from './moves';
import { compareIds, type IdStyle } from '../model/ids';
import { placeOfficial, type Holder } from '../model/official';
import { formatDiagnostics, formatTally, reconciles, type Diagnostic } from './report';
import { asText, readSource, type Source } from './source';
import { importedHash } from './legacy';
import { mtgCr } from './mtg-cr';
import { lorcanaCr } from './lorcana-cr';
import { mcRr } from './mc-rr';
import { keepGlossary, pairImport, rekeyExplanations, rekeyLines } from './pairs';
import { matchRules } from './moves';
import { matchTexts } from '../model/history';
import { missingParts } from './complete';
import { olderRefusal, removalRefusal } from './guards';
import { fsErrorText, isFsError, NODE_FS, recoverInterrupted, writeAll, type WriterFs } from './write';

export const IMPORTERS: Record<GameId, GameImporter> = { mtg: mtgCr, lorcana: lorcanaCr, 'marvel-champions': mcRr };

/** What an English file must print for its edition to be read, and an example of --edition, per game. */
const EDITION_LINE: Record<GameId, string> = {
  'mtg': 'no "These rules are effective as of <Month> <day>, <year>." line',
  'lorcana': 'no "Version 2.3.0" or "Effective <Month> <day>, <year>" line on its title page',
  'marvel-champions': 'no "Version 1.8" line before GLOSSARY',
};
const EDITION_EXAMPLE: Record<GameId, string> = { 'mtg': '2025-11-14', 'lorcana': '2.3.0', 'marvel-champions': '1.8' };

export interface ImportOptions {
  game: GameId;
  /** The English file (.txt or .pdf, told apart by content); absent: a Japanese-only import keeps the English on disk. */
  en?: string | undefined;
  /** The Japanese file, optional. */
  ja?: string;
  /** The English edition the Japanese file follows, when it names none or the wrong one (docs/import.md#pairs). */
  jaFollows?: string;
  /** The English edition, for an English file that prints none (docs/import.md#editions-from-the-file); refused when the file prints one. */
  edition?: string;
  /** The document folder to write into (default `content/{game}/{doc}`). */
  out?: string;
  /** Where to write the Magic glossary (default `<doc>/official/_glossary.yaml`, which the site shows as the document's glossary). */
  glossary?: string;
  dryRun?: boolean;
  force?: boolean;
  /** Write although the import removes many ids (src/importers/guards.ts). */
  allowRemovals?: boolean;
  /** Write although the files are an older edition than the one imported last. */
  allowOlder?: boolean;
  /** YYYY-MM-DD for `checked` (default: today, UTC). */
  today?: string;
  verbose?: boolean;
}

export interface FileChange {
  /** Path inside the game folder. */
  path: string;
  /** New text, or null to delete. */
  text: string | null;
}

export interface ImportResult {
  ok: boolean;
  lines: string[];
  built?: Built;
  plan?: Plan;
  changes?: FileChange[];
  problems?: string[];
  /** What the deployer must allow (--allow-removals, --allow-older) before this import is written. */
  refusals?: string[];
}

const HEADER = ' Official text, written by `npm run import` (docs/import.md). Each import rewrites this folder:\n'
  + ' do not edit. Taiyaku\'s explanations live beside it, in the document folder, and are never touched.';

/** A file as YAML in the layout of the hand-written entries (short maps and lists on one line). */
export function officialYaml(data: Record<string, unknown>): string {
  const doc = new Document(data);
  doc.commentBefore = HEADER;
  for (const key of ['title', 'edition', 'status', 'see', 'seeAlso']) {
    const node = doc.get(key);
    if (isMap(node) || isSeq(node)) node.flow = true;
  }
  const rules = doc.get('rules');
  if (isSeq(rules)) for (const r of rules.items) if (isMap(r)) for (const key of ['title', 'jaFollows']) { const t = r.get(key); if (isMap(t)) t.flow = true; }
  return doc.toString({ lineWidth: 0, blockQuote: 'literal', flowCollectionPadding: false });
}

interface Existing {
  /** Hand-written entries of the game: every id they hold, with the file. */
  held: Map<string, string>;
  /** Entry files the importer wrote in its earlier layout (beside the explanations, with `imported:`), still as written. */
  legacy: string[];
  /** The same, edited by hand since: kept, and treated as hand-written. */
  legacyEdited: string[];
  /** The edition each hand-written file names it follows (`source.version`), when it names one. */
  versions: Map<string, string | undefined>;
  official: Map<string, OfficialFile>;
  errors: string[];
}

function readExisting(gameDir: string, docId: string): Existing {
  const out: Existing = { held: new Map(), legacy: [], legacyEdited: [], versions: new Map(), official: new Map(), errors: [] };
  const load = (file: string, mdx: boolean) => {
    const text = readFileSync(join(gameDir, file), 'utf8');
    try {
      if (mdx) {
        const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
        return (fm ? parse(fm[1] ?? '') : {}) as Record<string, unknown> | null;
      }
      return parse(text) as Record<string, unknown> | null;
    } catch (e) {
      out.errors.push(`${file}: cannot be parsed (${(e as Error).message.split('\n')[0]})`);
      return undefined;
    }
  };
  for (const d of readdirSync(gameDir, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    for (const name of readdirSync(join(gameDir, d.name)).sort()) {
      const m = /^(.+)\.(yaml|mdx)$/.exec(name);
      if (!m || name === 'document.yaml') continue;
      const file = `${d.name}/${name}`;
      const data = load(file, m[2] === 'mdx');
      if (data === undefined) continue;
      const raw = data ?? {};
      const mark = raw['imported'] as { hash?: unknown } | undefined;
      if (mark && d.name === docId) {
        if (m[2] === 'yaml' && mark.hash === importedHash(raw)) { out.legacy.push(file); continue; }
        out.legacyEdited.push(file);
      }
      const rules = Array.isArray(raw['rules']) ? (raw['rules'] as { id?: unknown }[]) : [];
      out.versions.set(file, editionString((raw['source'] as { version?: unknown } | undefined)?.version));
      for (const id of [m[1]!, ...rules.map((r) => String(r.id))]) if (!out.held.has(id)) out.held.set(id, file);
    }
    const officialDir = join(gameDir, d.name, 'official');
    if (d.name !== docId || !existsSync(officialDir)) continue;
    for (const name of readdirSync(officialDir).sort()) {
      const m = /^([^_].*)\.yaml$/.exec(name);
      if (!m) continue;
      const file = `${d.name}/official/${name}`;
      const data = load(file, false);
      if (data) out.official.set(m[1]!, { id: m[1]!, file, data });
    }
  }
  return out;
}

function applyChanges(gameDir: string, changes: FileChange[]) {
  for (const c of changes) {
    const path = join(gameDir, c.path);
    if (c.text === null) {
      if (existsSync(path)) unlinkSync(path);
    } else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, c.text);
    }
  }
}

/** What a Japanese-only import gives the builder for English: nothing. */
const NO_ENGLISH: Source = { path: '(no English file)', name: '(no English file)', format: 'text', lines: [], dropped: [], describe: 'none' };

const readIf = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
const todayUtc = () => new Date().toISOString().slice(0, 10);
const list = (ids: string[], max = Infinity) => (ids.length > max ? `${ids.slice(0, max).join(', ')}, … (${ids.length - max} more)` : ids.join(', '));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type GlossaryTerm = NonNullable<Built['glossary']>[number] & { refs?: string[]; enAliases?: string[]; jaAliases?: string[]; obsolete?: boolean };

/** runImport, with every file-system error said as a message naming the file (never a stack trace). */
export async function runImport(options: ImportOptions, fs: WriterFs = NODE_FS): Promise<ImportResult> {
  try {
    return await importOnce(options, fs);
  } catch (e) {
    if (!isFsError(e)) throw e;
    return { ok: false, lines: [`✗ ${fsErrorText(e)}; nothing was changed`] };
  }
}

async function importOnce(options: ImportOptions, fs: WriterFs): Promise<ImportResult> {
  const lines: string[] = [];
  const fail = (message: string): ImportResult => ({ ok: false, lines: [...lines, `✗ ${message}`] });
  const importer = IMPORTERS[options.game];
  if (!importer) return fail(`unknown game "${options.game}": expected one of ${Object.keys(IMPORTERS).join(', ')}`);
  const out = resolve(options.out ?? join('content', importer.game, importer.doc));
  const docId = basename(out);
  const gameDir = dirname(out);
  const gameId = basename(gameDir);
  const rel = (p: string) => relative(process.cwd(), p) || '.';

  const gameText = readIf(join(gameDir, 'game.yaml'));
  if (!gameText) return fail(`${rel(join(gameDir, 'game.yaml'))} not found: --out must be a document folder of a game, like content/${importer.game}/${importer.doc}`);
  const game = parse(gameText) as { idStyle?: string } | null;
  const docText = readIf(join(out, 'document.yaml'));
  const docStyle = (docText ? (parse(docText) as { idStyle?: string } | null)?.idStyle : undefined) ?? game?.idStyle;
  if (docStyle !== importer.idStyle) return fail(`${rel(join(gameDir, 'game.yaml'))} numbers its rules "${docStyle}": ${importer.name} need a document with idStyle ${importer.idStyle}`);
  const glossaryPath = resolve(options.glossary ?? join(out, 'official', '_glossary.yaml'));
  const glossaryRel = relative(gameDir, glossaryPath);
  if (importer.game === 'mtg' && (['game.yaml', 'planned.yaml', 'terms.yaml', 'document.yaml'].includes(basename(glossaryPath))
    || (dirname(dirname(glossaryPath)) === gameDir) || (basename(dirname(glossaryPath)) === 'official' && !basename(glossaryPath).startsWith('_')))) {
    return fail(`--glossary ${rel(glossaryPath)}: the site would read that file as content; choose a path like ${rel(join(out, 'official', '_glossary.yaml'))}`);
  }

  // Read: text or PDF, by content; then check each file is the document asked for.
  const read = async (path: string): Promise<Source | string> => readSource(path, importer.startsBlock ? { startsBlock: importer.startsBlock } : {});
  if (!options.en && !options.ja) return fail('give the English file, the Japanese one (--ja), or both');
  if (!options.en && importer.game === 'marvel-champions') return fail('the Rules Reference has no official Japanese: give the English file');
  // A Japanese-only import reads no English: the builder gets an empty file, and the English on disk is kept (pairs.ts).
  const enSource = options.en ? await read(options.en) : NO_ENGLISH;
  if (typeof enSource === 'string') return fail(enSource);
  const jaSource = options.ja ? await read(options.ja) : undefined;
  if (typeof jaSource === 'string') return fail(jaSource);
  for (const s of [enSource, jaSource]) {
    if (!s || s === NO_ENGLISH) continue;
    // Running headers and footers often name the document: they count here, though not as text.
    const looks = identify(`${s.dropped.map((d) => d.text).join('\n')}\n${asText(s).text}`);
    if (looks && looks !== importer.game) return fail(`${s.path}: this looks like ${DOCUMENT_NAMES[looks]}, not ${importer.name.replace(/^the /, '')}: expected ${importer.name} (npm run import -- ${looks} … imports it)`);
    if (!looks) lines.push(`  ⚠ ${s.name}: could not tell which document this is (no title or numbering of ${importer.name}); reading it as ${importer.name}`);
  }
  if (!options.ja && importer.game === 'marvel-champions') { /* no official Japanese Rules Reference: the Japanese side stays Taiyaku's */ }

  lines.unshift(`${importer.name.replace(/^the /, '').replace(/^./, (c) => c.toUpperCase())} → ${rel(join(out, 'official'))}${options.dryRun ? ' (dry run)' : ''}`);
  const built = importer.build(enSource, jaSource, options.edition !== undefined ? { edition: options.edition } : {});
  // The edition is the one the file prints, or the one the deployer names: never the file name, which
  // would become the edition id of the history, the pinned links and served.json (docs/import.md#editions-from-the-file).
  if (enSource !== NO_ENGLISH) {
    const printed = built.edition.en !== undefined && built.edition.en !== options.edition;
    if (printed && options.edition !== undefined) return fail(`${enSource.path} prints its edition (${built.edition.en}): --edition ${options.edition} is only for a file that prints none; leave it out`);
    if (built.edition.en === undefined) return fail(`${enSource.path} prints no edition (${EDITION_LINE[importer.game]}), so it cannot be told which edition this is; the file name is no edition. Add the line to the file as the publisher prints it, or run again with --edition <edition> (e.g. --edition ${EDITION_EXAMPLE[importer.game]})`);
  }
  if (enSource === NO_ENGLISH) {
    built.diagnostics = built.diagnostics.filter((d) => d.lang !== 'en');
    delete (built.tallies as { en?: unknown }).en;
  }
  const describe = (s: Source, lang: 'en' | 'ja') => `  ${lang}  ${s.path}: ${s.describe}${built.edition[lang] ? ` · edition ${built.edition[lang]}` : ''}${lang === 'en' && built.effective ? ` · effective ${built.effective}` : ''}`;
  lines.push(enSource === NO_ENGLISH ? '  en  (no English file: the English of the previous import is kept)' : describe(enSource, 'en'));
  if (jaSource) lines.push(describe(jaSource, 'ja'));
  else lines.push(importer.game === 'marvel-champions'
    ? '  ja  (no official Japanese Rules Reference: the Japanese side stays Taiyaku\'s own text, paired by slug)'
    : '  ja  (no Japanese file: the Japanese text of every imported entry is marked missing)');
  if (enSource.decoded?.encoding === 'windows-1252') built.diagnostics.unshift({ level: 'info', lang: 'en', message: 'not valid UTF-8: decoded as Windows-1252' });
  if (jaSource?.decoded?.encoding === 'windows-1252') built.diagnostics.unshift({ level: 'warning', lang: 'ja', message: 'not valid UTF-8: decoded as Windows-1252 (a Japanese file in that encoding will read as garbage)' });
  const files = { en: enSource.name, ...(jaSource ? { ja: jaSource.name } : {}) };
  if (built.entries.length === 0) {
    lines.push('', ...formatDiagnostics(built.diagnostics, files, Infinity));
    return fail(`no rules found in ${options.en ?? options.ja}`);
  }
  // A file cut short parses up to the cut: held against its own contents and closing sections (src/importers/complete.ts).
  const incomplete = missingParts(importer.game, [enSource, ...(jaSource ? [jaSource] : [])].map((s) => ({ name: s.name, text: asText(s).text })));

  // An import killed while swapping its files in left the previous text beside official/: put back first.
  lines.push(...recoverInterrupted(out, fs));
  const existing = readExisting(gameDir, docId);
  if (existing.errors.length) return fail(`existing content cannot be read:\n    ${existing.errors.join('\n    ')}`);
  const plannedText = readIf(join(gameDir, 'planned.yaml'));
  const planned = ((plannedText ? (parse(plannedText) as { planned?: { id?: unknown }[] } | null)?.planned : undefined) ?? []).map((p) => String(p.id));
  const today = options.today ?? todayUtc();
  const editionPath = `${docId}/official/_edition.yaml`;
  const oldEdition = readIf(join(gameDir, editionPath));
  const oldEditionData = oldEdition ? (parse(oldEdition) as Record<string, unknown> | null) ?? {} : {};
  const steps = readHistory(gameDir, docId);
  if (steps.errors.length) return fail(`existing history cannot be read:\n    ${steps.errors.join('\n    ')}`);
  const chain = orderSteps(steps.steps);

  // A pair is always the same rule: each language placed by the edition it follows (pairs.ts, docs/import.md#pairs).
  const recordText = readIf(join(gameDir, 'editions.yaml'));
  const recordDoc = recordText ? (parse(recordText) as { documents?: Record<string, { current?: unknown; earlier?: { id?: unknown; moved?: { from?: unknown; to?: unknown }[] }[] }> } | null)?.documents?.[docId] : undefined;
  const record = recordDoc?.current !== undefined ? { current: String(recordDoc.current), earlier: (recordDoc.earlier ?? []).map((e) => ({ id: String(e.id), moved: (e.moved ?? []).map((m) => ({ from: String(m.from), to: String(m.to) })) })) } : undefined;
  const paired = pairImport({
    game: gameId, style: importer.idStyle, built, hasEnglish: enSource !== NO_ENGLISH, hasJapanese: !!jaSource, jaFollows: options.jaFollows,
    old: existing.official, oldEdition: oldEditionData, ordered: chain.ordered, record,
    matchRules: (a, b) => matchRules(a, b, importer.idStyle), matchTexts, list, runs: (m) => moveRuns(importer.idStyle, m),
  });
  if (paired.fail) return fail(paired.fail);
  Object.assign(built, { entries: paired.entries, edition: paired.edition, version: paired.version });
  if (paired.effective) built.effective = paired.effective; else delete built.effective;

  // The moves are found once, by the pairing, and the plan (the diff, the history step) takes them from it.
  const plan = planOfficial({ entries: built.entries, style: importer.idStyle, docId, held: existing.held, planned, old: existing.official, edition: built.edition, today, matching: paired.ctx?.matching });

  const changes: FileChange[] = [];
  for (const w of plan.writes) if (w.change !== 'unchanged') changes.push({ path: w.file, text: officialYaml(w.data) });
  for (const file of plan.deletes) changes.push({ path: file, text: null });
  for (const file of existing.legacy) changes.push({ path: file, text: null });
  const from = [enSource === NO_ENGLISH ? `(English ${built.edition.en} kept)` : enSource.name, ...(jaSource ? [jaSource.name] : [])].join(' + ');
  const editionData: Record<string, unknown> = {
    edition: built.edition,
    version: built.version,
    ...(built.effective ? { effective: built.effective } : {}),
    ...(paired.jaFollows ? { jaFollows: paired.jaFollows } : {}),
    from,
    imported: today,
  };
  const sameEdition = canonical({ ...oldEditionData, imported: null }) === canonical({ ...editionData, imported: null });
  if (!sameEdition) {
    const doc = new Document(editionData);
    doc.commentBefore = ' The edition of the official text in this folder, written by `npm run import` (docs/import.md). Do not edit.';
    const e = doc.get('edition');
    if (isMap(e)) e.flow = true;
    changes.push({ path: editionPath, text: doc.toString({ lineWidth: 0 }) });
  }
  if (!docText) changes.push({ path: `${docId}/document.yaml`, text: new Document(importer.documentDefaults).toString({ lineWidth: 0 }) });

  // Every imported edition is kept: the step from the previous import to this one (official/_history/).
  const previousEdition = oldEditionData['edition'] as { en?: string; ja?: string } | undefined;
  let step: PlannedStep | undefined;
  if (!plan.diff.firstImport && previousEdition) {
    step = planStep({
      before: plan.units.before, now: plan.units.now, matching: plan.matching,
      edition: built.edition, previous: { en: editionString(previousEdition.en), ja: editionString(previousEdition.ja) },
      // Ids taken: every step's, and the first import's edition, where the chain starts (going back to it is a step of its own, -2).
      steps: [...steps.steps.map((x) => x.id), ...(chain.base !== undefined ? [chain.base] : [])], newest: chain.ordered.at(-1)?.id, today,
    });
    if (step) changes.push({ path: `${docId}/official/_history/${step.id}.yaml`, text: historyYaml(step.data) });
  }

  // The Magic glossary: official/_glossary.yaml, regenerated each time; the site shows it as the document's glossary page.
  let glossaryLines: string[] = [];
  let glossaryChange: { path: string; text: string } | undefined;
  if (built.glossary) {
    const fresh = (built.glossary as GlossaryTerm[]).map((t) => {
      const entries = plan.resolve(`glossary "${t.en || t.ja}"`, t.refs ?? []);
      return {
        id: t.id, en: t.en,
        ...(t.enAliases?.length ? { enAliases: t.enAliases } : {}),
        ...(t.ja !== undefined ? { ja: t.ja } : {}),
        ...(t.jaAliases?.length ? { jaAliases: t.jaAliases } : {}),
        ...(t.obsolete ? { obsolete: true } : {}),
        def: t.def,
        ...(entries.length ? { entries } : {}),
      };
    });
    const oldText = readIf(glossaryPath);
    const oldTerms = oldText ? ((parse(oldText) as { terms?: { id: string; en?: string; ja?: string; def?: { en?: string; ja?: string } }[] } | null)?.terms ?? []) : [];
    // A one-language import keeps the other language's terms (pairs.ts).
    const kept = keepGlossary(fresh, oldTerms as Parameters<typeof keepGlossary>[1], { en: enSource !== NO_ENGLISH, ja: !!jaSource });
    const terms = kept.map((t) => { const { entries, ...rest } = t; return { ...rest, ...(entries?.length ? { entries } : {}) }; });
    const diff = diffGlossary(oldTerms, terms);
    const doc = new Document({ edition: built.edition, from, terms });
    doc.commentBefore = ' The Comprehensive Rules glossary, written by `npm run import` (docs/import.md#glossary).\n'
      + ' The site shows it as the document\'s glossary (/{lang}/{game}/{doc}/glossary/), and the next import overwrites it: do not edit.';
    const text = doc.toString({ lineWidth: 0, blockQuote: 'literal' });
    if (text !== oldText && terms.length) glossaryChange = { path: glossaryPath, text };
    const handTerms = readIf(join(gameDir, 'terms.yaml'));
    const handNames = new Set(((handTerms ? (parse(handTerms) as { terms?: { en?: string }[] } | null)?.terms : undefined) ?? []).map((t) => String(t.en).toLowerCase()));
    const inTerms = terms.filter((t) => [t.en, ...(t.enAliases ?? [])].some((n) => handNames.has(n.toLowerCase()))).map((t) => t.id);
    const where = glossaryRel.startsWith('..') ? rel(glossaryPath) : `${gameId}/${glossaryRel}`;
    const shown = glossaryPath === resolve(join(out, 'official', '_glossary.yaml'));
    glossaryLines = [`  glossary: ${where} (${shown ? 'shown as the document\'s glossary' : 'not where the site reads it'}): ${plural(terms.length, 'term')}`
      + `${oldText ? `; ${diff.added.length} added, ${diff.reworded.length} reworded, ${diff.removed.length} removed` : ''}${glossaryChange ? '' : ', unchanged'}`];
    for (const [what, ids] of [['added', diff.added], ['reworded', diff.reworded], ['removed', diff.removed]] as const) if (oldText && ids.length) glossaryLines.push(`    ${what}: ${list(ids)}`);
    if (inTerms.length) glossaryLines.push(`    also in terms.yaml (hand-written, not touched; joined on the glossary page): ${list(inTerms)}`);
  }

  // Rehearse on a copy of the game: the result must pass every content check before it is written.
  const problems: string[] = [];
  const stage = mkdtempSync(join(tmpdir(), 'taiyaku-import-'));
  try {
    cpSync(gameDir, join(stage, gameId), { recursive: true });
    applyChanges(join(stage, gameId), changes);
    // The new glossary too, where the site reads it: the old one may cite numbers this edition gave up.
    if (glossaryChange && !glossaryRel.startsWith('..')) applyChanges(join(stage, gameId), [{ path: glossaryRel, text: glossaryChange.text }]);
    try {
      loadContent(stage);
    } catch (e) {
      const fromDir = relative(process.cwd(), join(stage, gameId));
      const toDir = relative(process.cwd(), gameDir);
      if (e instanceof ContentError) for (const p of e.problems) problems.push(`${p.file.replace(fromDir, toDir)} › ${p.field}: ${p.message}`);
      else problems.push(String(e));
    }
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  const tallies = (['en', 'ja'] as const).flatMap((l) => (built.tallies[l] ? [[l, built.tallies[l]!] as const] : []));
  for (const [lang, t] of tallies) if (!reconciles(t)) problems.push(`${files[lang]}: the line tally does not reconcile (${formatTally(t)})`);

  problems.unshift(...incomplete);
  // A re-import that drops many ids or goes back in date needs the deployer's word (src/importers/guards.ts).
  const refusals: string[] = [];
  if (!plan.diff.firstImport) {
    const removals = removalRefusal(plan.diff.removed, plan.units.before.size);
    if (removals && !options.allowRemovals) refusals.push(removals);
    const older = previousEdition ? olderRefusal({ en: editionString(previousEdition.en), ja: editionString(previousEdition.ja), effective: editionString(oldEditionData['effective']) }, { ...built.edition, effective: built.effective }) : undefined;
    if (older && !options.allowOlder) refusals.push(older);
    else if (older) lines.push(`  ⚠ ${older.split('. ')[0]!} — imported anyway (--allow-older): the history keeps it as a step back`);
  }
  const write = !options.dryRun && (problems.length === 0 || !!options.force) && refusals.length === 0;
  // All at once or nothing (src/importers/write.ts): staged beside official/, swapped in by rename.
  const writeError = write
    ? writeAll(join(out, 'official'), [...changes.map((c) => ({ path: join(gameDir, c.path), text: c.text })), ...(glossaryChange ? [glossaryChange] : [])], fs)
    : undefined;

  // The report.
  const diagnostics: Diagnostic[] = [...built.diagnostics, ...plan.diagnostics];
  lines.push('', ...formatDiagnostics(diagnostics, files, options.verbose ? Infinity : 40));
  lines.push('', ...formatChanges(plan, importer.idStyle, { gameDir, gameId, docId, held: existing.held, from: previousEdition, to: built.edition }));
  if (paired.lines.length) lines.push('', ...paired.lines);
  if (paired.ctx) {
    const v = docText ? (parse(docText) as { version?: unknown } | null)?.version : undefined;
    const docVersion = editionString(v && typeof v === 'object' && !(v instanceof Date) ? (v as { en?: unknown }).en : v);
    const officialIds = new Set([...plan.units.before.keys(), ...plan.units.now.keys()]);
    const { rekeys, unplaced } = rekeyExplanations(existing.held, existing.versions, docId, docVersion, officialIds, paired.ctx);
    const rk = rekeyLines({ rekeys, unplaced, game: gameId, doc: docId, style: importer.idStyle, now: paired.ctx.now, exists: (id) => plan.units.now.has(id), runs: (m) => moveRuns(importer.idStyle, m) });
    if (rk.length) lines.push('', ...rk);
  }
  const n = { new: plan.writes.filter((w) => w.change === 'new').length, updated: plan.writes.filter((w) => w.change === 'updated').length };
  lines.push('', 'Files');
  lines.push(`  official entries: ${n.new} new, ${n.updated} updated, ${plan.writes.length - n.new - n.updated} unchanged, ${plan.deletes.length} deleted${plan.deletes.length ? ` (${list(plan.deletes)})` : ''}`);
  if (plan.merged.length) {
    const byFile = [...Map.groupBy(plan.merged, (s) => s.by)].map(([file, s]) => `${file} (${list(s.map((x) => x.id), 12)})`).join(', ');
    lines.push(`  shown with Taiyaku's explanation on one page (a hand-written entry holds their ids): ${plural(plan.merged.length, 'entry', 'entries')}: ${byFile}`);
  }
  if (plan.empty.length) lines.push(`  not written, nothing to show (a heading with no text and nothing below it): ${list(plan.empty)}`);
  if (existing.legacy.length) lines.push(`  moved from the earlier layout (imported entries beside the explanations): ${plural(existing.legacy.length, 'file')} deleted, now under ${docId}/official/`);
  if (existing.legacyEdited.length) lines.push(`  ⚠ earlier imported entries edited by hand, kept and treated as hand-written: ${list(existing.legacyEdited)} (delete them to let the official text take over)`);
  lines.push(`  ${editionPath}: ${sameEdition ? 'unchanged' : `${oldEdition ? 'updated' : 'created'}: version "${built.version}"`}`);
  if (step) {
    const texts = step.data.before.length;
    lines.push(`  ${docId}/official/_history/${step.id}.yaml: the previous edition kept (follows ${step.data.follows}; ${plural(texts, 'earlier text')}, ${plural(step.data.moved.length, 'move')}, ${step.data.added.length} added, ${step.data.removed.length} removed)`);
  } else if (!plan.diff.firstImport && !previousEdition) {
    lines.push(`  ⚠ ${editionPath} was missing: the previous edition is unknown, so its text is not kept in ${docId}/official/_history/`);
  }
  if (!docText) lines.push(`  ${docId}/document.yaml: created with defaults`);
  lines.push(...glossaryLines);

  lines.push('', 'Validation (every content check, on a copy of the result)');
  if (problems.length) lines.push(`  ✗ ${plural(problems.length, 'problem')}${write ? ' (written anyway: --force)' : ': nothing written'}`, ...problems.map((p) => `    ${p}`));
  else lines.push(`  ✓ ${gameId} loads with every check passing`);

  lines.push('', `Counts${jaSource ? ' (English / Japanese)' : ' (English)'}`);
  lines.push(...built.counts.map((l) => `  ${l}`));
  for (const [lang, t] of tallies) lines.push(`  ${files[lang]}: ${formatTally(t)}`);
  lines.push(`  entries → ${plan.writes.length} written (${plan.writes.length - plan.merged.length} pages of their own, ${plan.merged.length} with an explanation), ${plan.empty.length} empty`);
  if (writeError) return { ok: false, lines: [...lines, '', `✗ ${writeError}`], built, plan, changes, problems };
  if (refusals.length) {
    lines.push('', ...refusals.map((r) => `✗ ${r}`), options.dryRun ? '(dry run: nothing written)' : '✗ not written');
    return { ok: false, lines, built, plan, changes, problems, refusals };
  }
  lines.push('', write ? `✓ written${problems.length ? ' with problems' : ''}` : options.dryRun ? '(dry run: nothing written)' : '✗ not written: fix the problems above (or pass --force)');
  return { ok: problems.length === 0 || !!options.force, lines, built, plan, changes, problems };
}

/** Glossary changes between the previous generated file and this import. */
export function diffGlossary(before: { id: string; en?: string; ja?: string; def?: { en?: string; ja?: string } }[], after: { id: string; en?: string; ja?: string; def: { en?: string; ja?: string } }[]) {
  const old = new Map(before.map((t) => [t.id, t]));
  const now = new Map(after.map((t) => [t.id, t]));
  return {
    added: [...now.keys()].filter((id) => !old.has(id)),
    removed: [...old.keys()].filter((id) => !now.has(id)),
    reworded: [...now.values()].filter((t) => {
      const o = old.get(t.id);
      return o && (o.en !== t.en || o.ja !== t.ja || (o.def?.en ?? null) !== (t.def.en ?? null) || (o.def?.ja ?? null) !== (t.def.ja ?? null));
    }).map((t) => t.id),
  };
}

interface ChangeContext {
  gameDir: string;
  gameId: string;
  docId: string;
  held: ReadonlyMap<string, string>;
  from: { en?: string; ja?: string } | undefined;
  to: { en?: string; ja?: string };
}

const editionString = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === undefined || v === null ? undefined : String(v));
const editionLabel = (e: { en?: unknown; ja?: unknown } | undefined) => (e ? [editionString(e.en), e.ja !== undefined ? `ja ${editionString(e.ja)}` : undefined].filter(Boolean).join(' + ') : '?');

function formatChanges(plan: Plan, style: IdStyle, ctx: ChangeContext): string[] {
  const { diff } = plan;
  if (diff.firstImport) return [`Changes: first import (no official text was there before): ${plural(diff.added.length, 'id')} added`];
  const nothing = !diff.added.length && !diff.removed.length && !diff.reworded.length && !diff.moved.length;
  const counts = `${diff.added.length} added, ${diff.removed.length} removed, ${diff.reworded.length} reworded, ${diff.moved.length} moved`;
  const out = [`Changes since the last import (${editionLabel(ctx.from)} → ${editionLabel(ctx.to)})${nothing ? ': none' : `: ${counts}`}`];
  if (diff.added.length) out.push(`  added (${diff.added.length}): ${list(diff.added)}`);
  if (diff.removed.length) out.push(`  removed (${diff.removed.length}): ${list(diff.removed)}`);
  if (diff.reworded.length) out.push(`  reworded (${diff.reworded.length}): ${diff.reworded.map((r) => `${r.from ? `${r.from} → ` : ''}${r.id} (${r.what.join(', ')})`).join(', ')}`);
  if (diff.moved.length) {
    out.push(`  moved (${diff.moved.length}), found by their text: ${moveRuns(style, diff.moved).join(', ')}`);
    const near = diff.moved.filter((m) => m.similarity < 1);
    if (near.length) out.push(`    not word for word (similarity): ${near.map((m) => `${m.from} → ${m.to} (${m.similarity.toFixed(2)})`).join(', ')}`);
  }
  const now = plan.units.now;
  const reused = [...diff.removed, ...diff.moved.map((m) => m.from)].filter((id) => now.has(id)).sort(compareIds);
  if (reused.length) {
    const went = new Map(diff.moved.map((m) => [m.from, m.to]));
    out.push(`  numbers that now hold another rule (${reused.length}): ${reused.map((id) => `${id} (its rule ${went.has(id) ? `is now ${went.get(id)}` : 'was removed'})`).join(', ')}`);
  }
  if (diff.gone.length) out.push(...goneWarning(plan, style, ctx));
  return out;
}

/** Ids gone from the site break published links unless redirected: the exact lines redirects.yaml needs. */
function goneWarning(plan: Plan, style: IdStyle, ctx: ChangeContext): string[] {
  const { gameDir, gameId, docId } = ctx;
  const root = dirname(gameDir);
  const manifestText = readIf(join(root, 'permalinks.json'));
  const manifest = manifestText ? (JSON.parse(manifestText) as Record<string, string[]>) : {};
  const redirectsText = readIf(join(root, 'redirects.yaml'));
  const redirects = (redirectsText ? (parse(redirectsText) as { redirects?: Record<string, string> } | null)?.redirects : undefined) ?? {};
  const moved = new Map(plan.diff.moved.map((m) => [m.from, m.to]));
  // The page each id is on now, by the site's placement rule (src/model/official.ts): the hand-written
  // entry that holds it or is above it, else its official entry's own page.
  const holders = new Map<string, Holder>();
  for (const [id, file] of ctx.held) {
    let h = holders.get(file);
    if (!h) holders.set(file, (h = { entry: basename(file).replace(/\.(yaml|mdx)$/, ''), doc: file.split('/')[0]!, file, ids: new Set<string>() }));
    (h.ids as Set<string>).add(id);
  }
  const holderOf = (id: string) => { const file = ctx.held.get(id); return file ? holders.get(file) : undefined; };
  const onPage = new Map<string, string>();
  for (const w of plan.writes) {
    const rules = ((w.data['rules'] as { id: string }[] | undefined) ?? []).map((r) => String(r.id));
    const placed = placeOfficial(style, { entry: w.id, doc: docId, rules }, holderOf);
    const home = placed.home?.doc === docId ? placed.home.entry : placed.home ? undefined : w.id;
    if (home) onPage.set(w.id, home);
    rules.forEach((r, i) => { const to = placed.rules[i]?.entry ?? home; if (to) onPage.set(r, to); });
  }
  const handPage = (id: string) => {
    const file = ctx.held.get(id);
    return file && file.startsWith(`${docId}/`) ? basename(file).replace(/\.(yaml|mdx)$/, '') : undefined;
  };
  const pageNow = (id: string) => handPage(id) ?? onPage.get(id);
  const pages = new Set([...onPage.values(), ...[...ctx.held.values()].filter((f) => f.startsWith(`${docId}/`)).map((f) => basename(f).replace(/\.(yaml|mdx)$/, ''))]);
  const gonePages = new Set([...plan.units.before.keys()].filter((id) => plan.deletes.some((f) => basename(f) === `${id}.yaml`) && !pages.has(id)));
  const anchored = (id: string) => { const u = plan.units.now.get(id); return !!u && (u.en !== undefined || u.ja !== undefined); };
  const lines = redirectLines({ game: gameId, doc: docId, manifest, redirects, gone: plan.diff.gone, moved, gonePages, pageNow, anchored });
  const gone = plan.diff.gone.map((id) => `${id} (${moved.has(id) ? `now ${moved.get(id)}` : 'removed'})`);
  const out = [
    `  ⚠ ${plural(plan.diff.gone.length, 'id')} no longer ${plan.diff.gone.length === 1 ? 'exists' : 'exist'}: ${list(gone)}.`,
    '    Ids are permanent links: a published page or anchor that disappears lands where the history says its',
    `    rule went, unless ${relative(process.cwd(), join(root, 'redirects.yaml'))} sends it elsewhere (see docs/import.md#removed-ids).`,
  ];
  if (!manifestText) out.push(`    (no ${relative(process.cwd(), join(root, 'permalinks.json'))}: cannot tell which were published)`);
  else if (lines.length) {
    out.push('    Published and not yet redirected: the build forwards each by default, a moved rule to where it is now, a removed one ("…") to its last text on its history page (docs/import.md#removed-ids). To send one elsewhere, write its line in redirects.yaml:', '    redirects:', ...lines.map((l) => `      ${l}`));
  } else out.push('    None of them was published without a redirect.');
  return out;
}

/** The steps of a document's history on disk (official/_history/*.yaml), as written. */
function readHistory(gameDir: string, docId: string): { steps: HistoryStep[]; errors: string[] } {
  const dir = join(gameDir, docId, 'official', '_history');
  const out: { steps: HistoryStep[]; errors: string[] } = { steps: [], errors: [] };
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const m = /^(.+)\.yaml$/.exec(name);
    if (!m) continue;
    const file = `${docId}/official/_history/${name}`;
    try {
      const data = (parse(readFileSync(join(dir, name), 'utf8')) ?? {}) as HistoryStep['data'];
      out.steps.push({ id: m[1]!, file, data: { ...data, follows: editionString(data.follows) ?? '' } });
    } catch (e) {
      out.errors.push(`${file}: cannot be parsed (${(e as Error).message.split('\n')[0]})`);
    }
  }
  return out;
}

/** A history step as YAML: one line per id and per move, texts as literal blocks. */
export function historyYaml(data: PlannedStep['data']): string {
  const doc = new Document(data);
  doc.commentBefore = ' One import of this document\'s official text, written by `npm run import` (docs/import.md#editions-kept):\n'
    + ' what it added, removed and moved, and what the previous edition printed where it changed. Do not edit.';
  for (const key of ['edition', 'previous']) { const n = doc.get(key); if (isMap(n)) n.flow = true; }
  const moved = doc.get('moved');
  if (isSeq(moved)) for (const m of moved.items) if (isMap(m)) m.flow = true;
  const before = doc.get('before');
  if (isSeq(before)) for (const b of before.items) if (isMap(b)) for (const key of ['title', 'ruleTitle']) { const t = b.get(key); if (isMap(t)) t.flow = true; }
  return doc.toString({ lineWidth: 0, blockQuote: 'literal', flowCollectionPadding: false });
}
