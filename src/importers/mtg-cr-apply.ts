// `npm run import:mtg-cr`: reads the rules files, plans the import against the game's content on
// disk, rehearses it on a copy that must pass every content check (src/lib/load-content.ts), then
// writes it. docs/import.md is the maintainer's guide.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Document, isMap, isSeq, parse, parseDocument, type YAMLSeq } from 'yaml';
import { ContentError } from '../problems';
import { loadContent } from '../load-content';
import { decodeText, type Decoded } from './decode';
import { parseCr, type Diagnostic, type ParsedCr } from './mtg-cr-parse';
import { buildImport, type Built } from './mtg-cr-build';
import { diffGlossary, type ExistingEntry, type Plan, planImport } from './mtg-cr-plan';

export interface ImportOptions {
  /** The English Comprehensive Rules text file. */
  en: string;
  /** The Japanese translation (same numbers), optional. */
  ja?: string;
  /** The document folder to write entries into, e.g. `content/mtg/cr`. */
  out: string;
  /** Where to write the glossary (default: `<game>/<doc>-glossary.yaml`, a file the site does not read). */
  glossary?: string;
  /** Plan, rehearse and report, but write nothing. */
  dryRun?: boolean;
  /** Write even if the rehearsal finds content problems. */
  force?: boolean;
  /** YYYY-MM-DD for `checked` (default: today, UTC). */
  today?: string;
  /** List every warning and info line (by default the first 40 of each, then a count). */
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
  /** The report, line by line. */
  lines: string[];
  built?: Built;
  plan?: Plan;
  changes?: FileChange[];
  problems?: string[];
}

const DOC_DEFAULTS = {
  title: { ja: '総合ルール', en: 'Comprehensive Rules' },
  publisher: 'Wizards of the Coast',
  url: { en: 'https://magic.wizards.com/en/rules' },
  about: {
    ja: 'ウィザーズ・オブ・ザ・コースト社の総合ルールの公式テキストと、その日本語訳である。',
    en: 'The official text of the Comprehensive Rules from Wizards of the Coast, with its Japanese translation.',
  },
};

const ENTRY_HEADER = ' Imported by `npm run import:mtg-cr` (docs/import.md). A re-import updates this file in place.\n'
  + ' You may add notes, order, source or sourceTitle; editing anything else stops updates.';

/** An imported entry as YAML, in the layout of the hand-written ones (short maps and lists on one line). */
export function entryYaml(data: Record<string, unknown>): string {
  const doc = new Document(data);
  doc.commentBefore = ENTRY_HEADER;
  for (const key of ['title', 'status', 'imported', 'see', 'seeAlso']) {
    const node = doc.get(key);
    if (isMap(node) || isSeq(node)) node.flow = true;
  }
  return doc.toString({ lineWidth: 0, blockQuote: 'literal', flowCollectionPadding: false });
}

function readEntries(gameDir: string): { entries: ExistingEntry[]; errors: string[] } {
  const entries: ExistingEntry[] = [];
  const errors: string[] = [];
  for (const d of readdirSync(gameDir, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    for (const name of readdirSync(join(gameDir, d.name)).sort()) {
      const m = /^(.+)\.(yaml|mdx)$/.exec(name);
      if (!m || name === 'document.yaml') continue;
      const file = `${d.name}/${name}`;
      const text = readFileSync(join(gameDir, file), 'utf8');
      let data: unknown;
      try {
        if (m[2] === 'mdx') {
          const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
          data = fm ? parse(fm[1] ?? '') : {};
        } else data = parse(text);
      } catch (e) {
        errors.push(`${file}: cannot be parsed (${(e as Error).message.split('\n')[0]})`);
        continue;
      }
      const raw = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
      const rules = Array.isArray(raw['rules']) ? (raw['rules'] as { id?: unknown }[]) : [];
      const ids = [m[1]!, ...rules.map((r) => String(r.id)).filter((id) => id !== m[1])];
      entries.push({ file, doc: d.name, id: m[1]!, ids, data: raw, format: m[2] as 'yaml' | 'mdx' });
    }
  }
  return { entries, errors };
}

const readIf = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

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

const today = () => new Date().toISOString().slice(0, 10);
const list = (ids: string[], max = Infinity) => (ids.length > max ? `${ids.slice(0, max).join(', ')}, … (${ids.length - max} more)` : ids.join(', '));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function runImport(options: ImportOptions): ImportResult {
  const lines: string[] = [];
  const fail = (message: string): ImportResult => ({ ok: false, lines: [...lines, `✗ ${message}`] });
  const out = resolve(options.out);
  const docId = basename(out);
  const gameDir = dirname(out);
  const gameId = basename(gameDir);
  const rel = (p: string) => relative(process.cwd(), p) || '.';

  // The game must exist and number its rules the Magic way.
  const gameText = readIf(join(gameDir, 'game.yaml'));
  if (!gameText) return fail(`${rel(join(gameDir, 'game.yaml'))} not found: --out must be a document folder of a game, like content/mtg/cr`);
  const game = parse(gameText) as { idStyle?: string } | null;
  if (game?.idStyle !== 'mtg') return fail(`${rel(join(gameDir, 'game.yaml'))} has idStyle "${game?.idStyle}": the Magic importer writes only into a game with idStyle mtg`);
  const glossaryPath = resolve(options.glossary ?? join(gameDir, `${docId}-glossary.yaml`));
  if (['game.yaml', 'planned.yaml', 'terms.yaml', 'document.yaml'].includes(basename(glossaryPath)) || dirname(dirname(glossaryPath)) === gameDir) {
    return fail(`--glossary ${rel(glossaryPath)}: the site would read that file as content; choose a path like ${rel(join(gameDir, `${docId}-glossary.yaml`))}`);
  }

  // Read and decode.
  const read = (path: string): Decoded | string => {
    if (!existsSync(path)) return `${path} not found`;
    return decodeText(new Uint8Array(readFileSync(path)));
  };
  const enFile = read(options.en);
  if (typeof enFile === 'string') return fail(enFile);
  const jaFile = options.ja ? read(options.ja) : undefined;
  if (typeof jaFile === 'string') return fail(jaFile);
  const en = parseCr(enFile.text, 'en');
  const ja = jaFile ? parseCr(jaFile.text, 'ja') : undefined;
  const describe = (d: Decoded, p: ParsedCr) =>
    `${d.encoding}${d.bom ? ' with BOM' : ''}, ${d.lineEnds.toUpperCase()} line ends${p.effective ? ` · effective ${p.effective}` : ''}${p.version ? ` · version ${p.version}` : ''}`;
  lines.push(`Magic Comprehensive Rules → ${rel(out)}${options.dryRun ? ' (dry run)' : ''}`);
  lines.push(`  en  ${options.en}: ${describe(enFile, en)}`);
  if (jaFile && ja && options.ja) lines.push(`  ja  ${options.ja}: ${describe(jaFile, ja)}`);
  else lines.push('  ja  (no Japanese file: the Japanese text of every imported entry is marked missing)');
  if (enFile.encoding === 'windows-1252') en.diagnostics.unshift({ level: 'info', lang: 'en', message: 'not valid UTF-8: decoded as Windows-1252' });
  if (jaFile?.encoding === 'windows-1252') ja?.diagnostics.unshift({ level: 'warning', lang: 'ja', message: 'not valid UTF-8: decoded as Windows-1252 (a Japanese file in that encoding will read as garbage)' });
  if (en.units.length === 0) {
    lines.push(...formatDiagnostics(en.diagnostics, Infinity));
    return fail(`no rules found in ${options.en}`);
  }

  const version = ja?.version ? `日本語訳 ${ja.version}` : undefined;
  const built = buildImport(en, ja, {
    enSource: `${basename(options.en)}${en.effective ? `, effective ${en.effective}` : ''}`,
    ...(options.ja ? { jaSource: ja?.version ?? basename(options.ja) } : {}),
  });

  // What is on disk.
  const existing = readEntries(gameDir);
  if (existing.errors.length) return fail(`existing content cannot be read:\n    ${existing.errors.join('\n    ')}`);
  const plannedText = readIf(join(gameDir, 'planned.yaml'));
  const plannedIds = ((plannedText ? (parse(plannedText) as { planned?: { id?: unknown }[] } | null)?.planned : undefined) ?? []).map((p) => String(p.id));
  const from = [
    `${basename(options.en)}${en.effective ? ` (${en.effective})` : ''}`,
    ...(options.ja ? [`${basename(options.ja)}${ja?.version ? ` (${ja.version})` : ''}`] : []),
  ].join(' + ');
  const plan = planImport({ built, docId, existing: existing.entries, planned: plannedIds, from, today: options.today ?? today() });

  // The file changes.
  const changes: FileChange[] = [];
  for (const w of plan.writes) if (w.change !== 'unchanged') changes.push({ path: w.file, text: entryYaml(w.data) });
  for (const file of plan.deletes) changes.push({ path: file, text: null });

  const docPath = `${docId}/document.yaml`;
  const docText = readIf(join(gameDir, docPath));
  const docYaml = docText ? parseDocument(docText) : new Document(DOC_DEFAULTS);
  const docNotes: string[] = [];
  const setDoc = (key: 'effective' | 'version', value: string | undefined) => {
    if (!value) return;
    const before = docYaml.get(key);
    const old = before instanceof Date ? before.toISOString().slice(0, 10) : before === undefined ? undefined : String(before);
    if (old === value) return;
    docYaml.set(key, value);
    docNotes.push(`${key} ${old ?? '(none)'} → ${value}`);
  };
  setDoc('effective', built.effective);
  const versionBefore = docYaml.get('version');
  setDoc('version', version);
  // Hand-written pages show the document's version unless they name their own: when it moves, they
  // would claim to follow a text nobody checked them against.
  if (version && versionBefore !== undefined && String(versionBefore) !== version) {
    const unpinned = existing.entries.filter((e) => e.doc === docId && !e.data['imported'] && !(e.data['source'] as { version?: unknown } | undefined)?.version);
    if (unpinned.length) {
      docNotes.push(`⚠ ${unpinned.length} hand-written entr${unpinned.length === 1 ? 'y follows' : 'ies follow'} the document's version and will now show "${version}": `
        + `${unpinned.map((e) => e.file).join(', ')}. Re-check against the new text, or keep the old version with \`source: { version: "${String(versionBefore)}" }\``);
    }
  }
  if (!docText || docNotes.length) changes.push({ path: docPath, text: docYaml.toString({ lineWidth: 0 }) });
  if (options.ja && !version) docNotes.push('version unchanged: no version (like 20231117.0) in the Japanese file\'s header');

  if (plannedText && plan.plannedDone.length) {
    const pd = parseDocument(plannedText);
    const seq = pd.get('planned') as YAMLSeq | undefined;
    if (seq && isSeq(seq)) {
      seq.items = seq.items.filter((item) => !(isMap(item) && plan.plannedDone.includes(String(item.get('id')))));
      changes.push({ path: 'planned.yaml', text: pd.toString({ lineWidth: 0 }) });
    }
  }

  const oldGlossaryText = readIf(glossaryPath);
  const oldGlossary = oldGlossaryText ? ((parse(oldGlossaryText) as { terms?: { id: string }[] } | null)?.terms ?? []) : [];
  const glossaryDiff = diffGlossary(oldGlossary, plan.glossary);
  const glossaryDoc = new Document({ effective: built.effective ?? null, version: version ?? null, from, terms: plan.glossary });
  glossaryDoc.commentBefore = ` The Comprehensive Rules glossary, generated by \`npm run import:mtg-cr\` (docs/import.md#glossary).\n`
    + ' The site does not read this file, and the next import overwrites it: copy terms into terms.yaml by hand.';
  const glossaryText = glossaryDoc.toString({ lineWidth: 0, blockQuote: 'literal' });
  const glossaryRel = relative(gameDir, glossaryPath);
  const glossaryInGame = !glossaryRel.startsWith('..');
  const glossaryChanged = glossaryText !== oldGlossaryText && plan.glossary.length > 0;

  // Rehearse on a copy of the game: the result must pass every content check before it is written.
  const problems: string[] = [];
  const stage = mkdtempSync(join(tmpdir(), 'taiyaku-import-'));
  try {
    cpSync(gameDir, join(stage, gameId), { recursive: true });
    applyChanges(join(stage, gameId), changes);
    try {
      loadContent(stage);
    } catch (e) {
      const from = relative(process.cwd(), join(stage, gameId));
      const to = relative(process.cwd(), gameDir);
      if (e instanceof ContentError) for (const p of e.problems) problems.push(`${p.file.replace(from, to)} › ${p.field}: ${p.message}`);
      else problems.push(String(e));
    }
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }

  const write = !options.dryRun && (problems.length === 0 || options.force);
  if (write) {
    applyChanges(gameDir, changes);
    if (glossaryChanged) {
      mkdirSync(dirname(glossaryPath), { recursive: true });
      writeFileSync(glossaryPath, glossaryText);
    }
  }

  // The report.
  lines.push('', ...formatDiagnostics([...built.diagnostics, ...plan.diagnostics], options.verbose ? Infinity : 40));
  lines.push('', ...formatChanges(plan, gameDir, gameId, docId));
  const handTerms = readIf(join(gameDir, 'terms.yaml'));
  const handNames = new Set(((handTerms ? (parse(handTerms) as { terms?: { en?: string }[] } | null)?.terms : undefined) ?? []).map((t) => String(t.en).toLowerCase()));
  const inTerms = plan.glossary.filter((t) => [t.en, ...(t.enAliases ?? [])].some((n) => handNames.has(n.toLowerCase()))).map((t) => t.id);
  const counts = built.counts;
  const n = { written: plan.writes.length, new: plan.writes.filter((w) => w.change === 'new').length, updated: plan.writes.filter((w) => w.change === 'updated').length };
  lines.push('', 'Files');
  lines.push(`  entries: ${n.new} new, ${n.updated} updated, ${n.written - n.new - n.updated} unchanged, ${plan.deletes.length} deleted${plan.deletes.length ? ` (${list(plan.deletes)})` : ''}`);
  const hand = plan.skipped.filter((s) => s.reason === 'hand-written');
  const edited = plan.skipped.filter((s) => s.reason === 'edited');
  const byFile = (skips: Plan['skipped']) => [...Map.groupBy(skips, (s) => s.file)].map(([file, s]) => `${file} (${list(s.map((x) => x.id), 12)})`).join(', ');
  if (hand.length) lines.push(`  skipped ${plural(hand.length, 'entry', 'entries')}, hand-written entries hold their ids: ${byFile(hand)}`);
  if (edited.length) lines.push(`  skipped ${plural(edited.length, 'entry', 'entries')}, edited by hand since imported (delete the file or its "imported" field to decide): ${byFile(edited)}`);
  if (plan.empty.length) lines.push(`  not written, nothing to show (a heading with no text and nothing below it): ${list(plan.empty)}`);
  if (plan.plannedDone.length) lines.push(`  planned.yaml: ${list(plan.plannedDone)} ${plan.plannedDone.length === 1 ? 'is' : 'are'} now written: removed from the plan`);
  lines.push(`  ${docPath}: ${docText ? '' : 'created; '}${docNotes.length ? docNotes.join('; ') : 'effective and version unchanged'}`);
  lines.push(`  glossary: ${glossaryInGame ? `${gameId}/${glossaryRel}` : rel(glossaryPath)} (the site does not read it): ${plural(plan.glossary.length, 'term')}`
    + `${oldGlossaryText ? `; ${glossaryDiff.added.length} added, ${glossaryDiff.reworded.length} reworded, ${glossaryDiff.removed.length} removed` : ''}`
    + `${glossaryChanged ? '' : ', unchanged'}`);
  for (const [what, ids] of [['added', glossaryDiff.added], ['reworded', glossaryDiff.reworded], ['removed', glossaryDiff.removed]] as const) {
    if (oldGlossaryText && ids.length) lines.push(`    ${what}: ${list(ids)}`);
  }
  if (inTerms.length) lines.push(`    already in terms.yaml (hand-written, not touched): ${list(inTerms)}`);

  lines.push('', 'Validation (every content check, on a copy of the result)');
  if (problems.length) {
    lines.push(`  ✗ ${plural(problems.length, 'problem')}${write ? ' (written anyway: --force)' : ': nothing written'}`, ...problems.map((p) => `    ${p}`));
  } else lines.push(`  ✓ ${gameId} loads with every check passing`);

  const d = [...built.diagnostics, ...plan.diagnostics];
  const errs = (lang: 'en' | 'ja') => d.filter((x) => x.lang === lang && x.level === 'error').length;
  const c = (k: keyof ParsedCr['counts']) => counts.en[k] + (counts.ja ? ` / ${counts.ja[k]}` : '');
  lines.push('', `Counts${counts.ja ? ' (English / Japanese)' : ' (English)'}`);
  lines.push(`  sections ${c('sections')} · rules ${c('rules')} · numbered rules ${c('numbered')} · sub-rules ${c('subRules')} · examples ${c('examples')}`);
  lines.push(`  glossary terms ${c('glossaryTerms')} (obsolete ${c('obsoleteTerms')})${counts.ja ? ` · paired ${built.glossary.filter((t) => t.line.en && t.line.ja).length}` : ''} · cross-references ${counts.crossReferences}`);
  if (counts.ja) {
    lines.push(`  paired rule numbers ${counts.paired} · English only ${built.unpaired.en.length}${built.unpaired.en.length ? ` (${list(built.unpaired.en, 20)})` : ''} · Japanese only ${built.unpaired.ja.length}${built.unpaired.ja.length ? ` (${list(built.unpaired.ja, 20)})` : ''}`);
    lines.push(`  glossary English only ${built.glossaryUnpaired.en.length}${built.glossaryUnpaired.en.length ? ` (${list(built.glossaryUnpaired.en, 20)})` : ''} · Japanese only ${built.glossaryUnpaired.ja.length}${built.glossaryUnpaired.ja.length ? ` (${list(built.glossaryUnpaired.ja, 20)})` : ''}`);
  }
  lines.push(`  malformed lines (reported, skipped) ${c('malformed')} · unnumbered lines attached as paragraphs ${c('continuations')} · errors ${errs('en')}${counts.ja ? ` / ${errs('ja')}` : ''}`);
  lines.push(`  not rules (counted, not imported): header ${c('headerLines')} · contents ${c('tocLines')} · credits ${c('creditsLines')} lines`);
  lines.push(`  entries: ${counts.entries.section} sections, ${counts.entries.rule} rules, ${counts.entries.numbered} numbered rules → ${plan.writes.length} written, ${hand.length} skipped (hand-written), ${edited.length} skipped (edited), ${plan.empty.length} empty`);
  lines.push('', write ? `✓ written${problems.length ? ' with problems' : ''}` : options.dryRun ? '(dry run: nothing written)' : '✗ not written: fix the problems above (or pass --force)');
  return { ok: problems.length === 0 || !!options.force, lines, built, plan, changes, problems };
}

/** Errors are always listed in full; warnings and info up to `max` each, then a count of the rest. */
export function formatDiagnostics(diagnostics: Diagnostic[], max = 40): string[] {
  const count = (level: Diagnostic['level']) => diagnostics.filter((d) => d.level === level).length;
  const out = [`Diagnostics: ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${count('info')} info`];
  for (const level of ['error', 'warning', 'info'] as const) {
    const these = diagnostics.filter((d) => d.level === level)
      .sort((a, b) => (a.lang ?? '').localeCompare(b.lang ?? '') || (a.line ?? 0) - (b.line ?? 0));
    const shown = level === 'error' ? these : these.slice(0, max);
    out.push(...shown.map((d) => `  ${(d.lang ? `${d.lang}${d.line ? `:${d.line}` : ''}` : '').padEnd(7)} ${d.level.padEnd(7)} ${d.message}`));
    if (shown.length < these.length) out.push(`  … ${these.length - shown.length} more ${level === 'info' ? 'info lines' : `${level}s`} (--verbose lists them all)`);
  }
  return out;
}

function formatChanges(plan: Plan, gameDir: string, gameId: string, docId: string): string[] {
  const { diff } = plan;
  const out: string[] = [];
  if (diff.firstImport) {
    out.push(`Changes: first import (no imported entries were there before): ${plural(diff.added.length, 'id')} added`);
    return out;
  }
  const nothing = !diff.added.length && !diff.removed.length && !diff.reworded.length;
  out.push(`Changes since the last import${nothing ? ': none' : ''}`);
  if (diff.added.length) out.push(`  added (${diff.added.length}): ${list(diff.added)}`);
  if (diff.reworded.length) out.push(`  reworded (${diff.reworded.length}): ${diff.reworded.map((r) => `${r.id} (${r.what.join(', ')})`).join(', ')}`);
  if (diff.removed.length) {
    out.push(`  removed (${diff.removed.length}): ${list(diff.removed)}`);
    out.push(...removedWarning(diff.removed, plan, gameDir, gameId, docId));
  }
  return out;
}

/** Removed ids break published links unless redirected: name the URLs and the redirects file. */
function removedWarning(removed: string[], plan: Plan, gameDir: string, gameId: string, docId: string): string[] {
  const root = dirname(gameDir);
  const manifestText = readIf(join(root, 'permalinks.json'));
  const manifest = manifestText ? (JSON.parse(manifestText) as Record<string, string[]>) : {};
  const redirectsText = readIf(join(root, 'redirects.yaml'));
  const redirects = (redirectsText ? (parse(redirectsText) as { redirects?: Record<string, string> } | null)?.redirects : undefined) ?? {};
  const deletedPages = new Set(plan.deletes.map((f) => basename(f).replace(/\.yaml$/, '')));
  // A page that is gone needs one redirect (its anchors go with it, src/lib/permalinks.ts); an
  // anchor gone from a page that stays needs its own.
  const published: string[] = [];
  const prefix = (lang: string) => `/${lang}/${gameId}/${docId}/`;
  for (const lang of ['en', 'ja']) {
    for (const id of removed) if (deletedPages.has(id) && `${prefix(lang)}${id}/` in manifest) published.push(`${prefix(lang)}${id}/`);
  }
  for (const lang of ['en', 'ja']) {
    for (const [path, anchors] of Object.entries(manifest)) {
      if (!path.startsWith(prefix(lang)) || deletedPages.has(path.slice(prefix(lang).length, -1))) continue;
      for (const id of removed) if (anchors.includes(id)) published.push(`${path}#${id}`);
    }
  }
  const missing = published.filter((p) => !(p in redirects));
  const out = [
    `  ⚠ ${plural(removed.length, 'id')} left the rules: ${list(removed)}.`,
    '    Ids are permanent links: a published page or anchor that disappears fails the build unless',
    `    ${relative(process.cwd(), join(root, 'redirects.yaml'))} sends it somewhere (see docs/import.md#removed-ids).`,
  ];
  if (!manifestText) out.push(`    (no ${relative(process.cwd(), join(root, 'permalinks.json'))}: cannot tell which were published)`);
  else if (missing.length) out.push('    Published and not yet redirected — add to redirects.yaml:', '    redirects:', ...missing.map((p) => `      "${p}": "…"`));
  else out.push('    None of them was published without a redirect.');
  return out;
}

