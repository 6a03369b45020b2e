// The one content check, shared by the build (src/integrations/content-check.ts runs it before Astro
// reads a file) and the tests (through loadContent). It reads a content folder straight from disk
// and reports every problem at once, each as `file › field: what. Expected …`:
// - files the site would not read (`.yml`, `.md`, a sub-folder, anything unknown);
// - game and document folder names outside the grammar, or taken by the site's own pages;
// - YAML and MDX that do not parse (the MDX compiler's own message, with the file's line), YAML
//   anchors and aliases (src/content/read-yaml.ts);
// - what would stop an MDX body while rendering: imports that do not resolve, undefined components
//   and names (src/content/mdx-body.ts), and the Markdown rules of every text (off-site images);
// - the zod schemas of src/schemas/content.ts (the same ones Astro's collections use);
// - two files for one entry (`100.1.yaml` beside `100.1.mdx`);
// - the cross-entry checks of the site model (src/model/site-model.ts): ids, links, terms, versions;
// - entries too large for one page of the offline copy;
// - redirects.yaml, as far as the lines alone can tell (src/model/redirects.ts).
// Warnings (a reference to a rule the site lacks, a text that shows nothing) do not stop the build.
// One cause, one problem: a file that cannot be read (a schema error in a document.yaml, a folder
// with a bad name, a folder without its document.yaml) is reported once, and the files that depend
// on it are kept out of the cross-entry checks rather than each reported as "unknown document"
// (see withheld, below).
import { existsSync, globSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'astro/zod';
import { documentSchema, editionsFileSchema, entrySchema, gameSchema, LANGS, officialEditionSchema, officialEntrySchema, officialGlossarySchema, officialHistorySchema, plannedSchema, servedSchema, termsFileSchema } from '../schemas/content';
import { contentIds, FOLDER_NAME, OTHER_FILES, PATTERNS, RESERVED_NAMES } from '../schemas/layout';
import { buildModel, type SiteModel } from '../model/site-model';
import { ContentError, type Problem, schemaProblems } from '../model/problems';
import type { RedirectRules } from '../model/redirects';
import { paths } from '../model/urls';
import { contentRedirects, MANIFEST_FILE, readManifest, REDIRECTS_FILE } from './redirects-file';
import { retiredLines } from '../model/retired';
import { SERVED_FILE, type Served, servedProblems } from '../model/served';
import { lineOf } from './source-lines';
import { mdxBodyIssues } from './mdx-body';
import { parseYaml, readText, yamlError } from './read-yaml';

export { parseYaml, yamlError } from './read-yaml';

export interface ContentCheck {
  /** The site model, when there is no problem. */
  site: SiteModel | undefined;
  problems: Problem[];
  warnings: Problem[];
  /** Every file read, with its text (for checks on the source, e.g. terminology). */
  raw: { file: string; text: string }[];
  /** The redirect lines, planned as far as the lines alone allow. */
  redirects: RedirectRules;
  /**
   * Where the check's time went, in seconds: `files` (every file read, parsed and checked against
   * its schema, MDX bodies compiled), each model pass by name (src/model/site-model.ts), `redirects`
   * (the lines and the default ones for retired URLs), `total`.
   */
  seconds: Record<string, number>;
}

/** The service worker's limit for one file (src/integrations/service-worker.ts). */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

function files(base: string, pattern: string | string[]): string[] {
  const [include, ...rest] = Array.isArray(pattern) ? pattern : [pattern];
  const exclude = rest.map((p) => p.replace(/^!/, ''));
  return globSync(include ?? '', { cwd: base, exclude }).sort();
}

/** Every file under `dir` (relative, `/`-separated), except hidden ones (`.DS_Store`, `.git`). */
function allFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name.startsWith('.')) return [];
    const rel = prefix ? `${prefix}/${d.name}` : d.name;
    return d.isDirectory() ? allFiles(join(dir, d.name), rel) : [rel];
  });
}

/** Why the site would not read `rel`, and what to do. */
function unreadFile(rel: string): { message: string; expected: string } {
  const parts = rel.split('/');
  const ext = /\.[^./]+$/.exec(rel)?.[0] ?? '';
  if (ext === '.yml') return { message: 'has the extension .yml, which the site does not read', expected: `${parts.at(-1)!.replace(/\.yml$/, '.yaml')} (content files end in .yaml or .mdx)` };
  if (ext === '.md') return { message: 'is Markdown (.md), which the site does not read', expected: `${parts.at(-1)!.replace(/\.md$/, '.mdx')} (an entry with a body is .mdx)` };
  if (parts.length > 3) return { message: `sits in a sub-folder (${parts.slice(2, -1).join('/')}/) that the site does not read`, expected: `the file directly in content/${parts[0]}/${parts[1]}/ (entries are {game}/{doc}/{entry}.yaml|mdx)` };
  if (parts.length === 1) return { message: 'is not a file the site reads at the top of the content folder', expected: `a game folder, ${OTHER_FILES.filter((f) => !f.includes('/')).join(' or ')}` };
  return { message: 'is not a content file the site reads', expected: `one of: {game}/game.yaml, planned.yaml, terms.yaml; {game}/{doc}/document.yaml, {entry}.yaml, {entry}.mdx (docs/content.md)` };
}

/** An MDX file's frontmatter and body; the body keeps its lines (frontmatter blanked) for positions. */
function frontmatter(text: string): { data: unknown; body: string; padded: string } | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)([\s\S]*)$/.exec(text);
  if (!m) return undefined;
  const head = text.slice(0, text.length - (m[2] ?? '').length);
  return { data: parseYaml(m[1] ?? ''), body: m[2] ?? '', padded: head.replace(/[^\n]/g, '') + (m[2] ?? '') };
}

/** Why a game or document folder name cannot be used, or undefined when it can. */
export function folderNameProblem(name: string): string | undefined {
  if ((RESERVED_NAMES as readonly string[]).includes(name)) return `"${name}" is a name the site's own pages use`;
  if (!FOLDER_NAME.test(name)) return `${JSON.stringify(name)} is not a folder name the site takes`;
  return undefined;
}

/** Bytes of HTML (and of JSON) an entry's page will take, from its source; calibrated on real builds. */
export function estimatePageBytes(sourceBytes: number, subRules: number): number {
  // Measured (docs/content.md#size): a page is about 0.5 KB per sub-rule plus 1.8 bytes per source
  // byte (both languages, links, rows); its JSON about 0.25 KB per sub-rule plus 2 per source byte.
  const page = 24 * 1024 + 512 * subRules + 1.8 * sourceBytes;
  const json = 2 * 1024 + 256 * subRules + 2 * sourceBytes;
  return Math.max(page, json);
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export function checkContent(base = 'content'): ContentCheck {
  const started = performance.now();
  const passes: Record<string, number> = {};
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const raw: { file: string; text: string }[] = [];
  const fileOf = (rel: string) => relative(process.cwd(), join(base, rel));

  // Files nobody would read: reported, never ignored.
  const known = new Set([...Object.values(PATTERNS), ...OTHER_FILES].flatMap((p) => files(base, p)));
  for (const rel of allFiles(base)) {
    if (!known.has(rel)) problems.push({ file: fileOf(rel), field: '(file)', ...unreadFile(rel) });
  }

  // Folder names become URL segments: a grammar, and none of the site's own segments.
  const folders = new Map<string, string>(); // game or game/doc → the first file in it
  for (const rel of allFiles(base)) {
    const parts = rel.split('/');
    if (parts.length > 1 && !folders.has(parts[0]!)) folders.set(parts[0]!, rel);
    if (parts.length > 2 && !folders.has(`${parts[0]}/${parts[1]}`)) folders.set(`${parts[0]}/${parts[1]}`, rel);
  }
  const badFolders = new Set<string>();
  for (const path of folders.keys()) {
    const name = path.split('/').at(-1)!;
    const why = folderNameProblem(name);
    if (!why) continue;
    badFolders.add(path);
    const kind = path.includes('/') ? 'document' : 'game';
    problems.push({ file: `${fileOf(path)}/`, field: '(folder)', message: `the ${kind} folder name ${why}`,
      expected: `a name of lowercase letters, digits and hyphens, starting with a letter (like ${kind === 'game' ? 'mtg or marvel-champions' : 'cr or guide'}), and none of: ${RESERVED_NAMES.join(', ')}` });
  }

  /** Files that could not be read (parse or schema), with what could be parsed of them. */
  const failed: { rel: string; data: unknown; text?: string }[] = [];
  const read = <S extends z.ZodType>(pattern: string | string[], schema: S) =>
    files(base, pattern).flatMap((rel) => {
      const file = fileOf(rel);
      const text = readText(join(base, rel));
      raw.push({ file, text });
      let parsed: { data: unknown; body: string; padded?: string };
      try {
        if (rel.endsWith('.mdx')) {
          const fm = frontmatter(text);
          if (!fm) {
            problems.push({ file, field: '(file)', message: 'has no frontmatter', expected: 'the entry fields between --- lines at the top of the file' });
            failed.push({ rel, data: undefined, text });
            return [];
          }
          parsed = fm;
        } else parsed = { data: parseYaml(text), body: '' };
      } catch (e) {
        const { at, message, expected } = yamlError(e);
        // In an MDX file the frontmatter starts on line 2.
        const line = rel.endsWith('.mdx') ? at.replace(/^:(\d+)/, (_, n: string) => `:${Number(n) + 1}`) : at;
        problems.push({ file: `${file}${line}`, field: '(file)', message, expected });
        failed.push({ rel, data: undefined, text });
        return [];
      }
      if (parsed.padded !== undefined && parsed.body.trim()) {
        for (const bad of mdxBodyIssues(parsed.padded, join(base, rel))) {
          problems.push({ file: `${file}${bad.line ? `:${bad.line}:${bad.column ?? 1}` : ''}`, field: 'body', message: bad.message, expected: bad.expected });
        }
      }
      const data = parsed.data ?? {};
      const result = schema.safeParse(data);
      if (!result.success) {
        problems.push(...schemaProblems(file, result.error.issues, schema, data));
        failed.push({ rel, data });
        return [];
      }
      return [{ rel, file, data: result.data as z.infer<S>, body: parsed.body, bytes: Buffer.byteLength(text) }];
    });

  // The one path → id rule (src/schemas/layout.ts), which the MDX bodies' collection uses too.
  const { entry: id, folder } = contentIds;
  const gameFiles = read(PATTERNS.games, gameSchema);
  const documentFiles = read(PATTERNS.documents, documentSchema);
  const plannedFiles = read(PATTERNS.planned, plannedSchema);
  const termsFiles = read(PATTERNS.terms, termsFileSchema);
  const editionsFiles = read(PATTERNS.editions, editionsFileSchema);
  const officialFiles = read(PATTERNS.official, officialEntrySchema);
  const officialEditionFiles = read(PATTERNS.officialEditions, officialEditionSchema);
  const officialGlossaryFiles = read(PATTERNS.officialGlossaries, officialGlossarySchema);
  const entryFiles = read(PATTERNS.entries, entrySchema);
  // Each step of a document's imported history (the model walks them back: src/model/history.ts).
  const officialHistoryFiles = read(PATTERNS.officialHistory, officialHistorySchema);

  // A folder without the file that makes it a game or a document: said once, for the folder.
  const knownRels = [...known].filter((r) => r.split('/').length > 1 && !badFolders.has(r.split('/')[0]!) && !badFolders.has(r.split('/').slice(0, 2).join('/')));
  const gameFolders = new Set(files(base, PATTERNS.games).map(folder));
  const docFolders = new Set(files(base, PATTERNS.documents).map(folder));
  const orphans = new Map<string, number>();
  for (const rel of knownRels) {
    const parts = rel.split('/');
    const orphan = !gameFolders.has(parts[0]!) ? parts[0]! : parts.length > 2 && !docFolders.has(`${parts[0]}/${parts[1]}`) ? `${parts[0]}/${parts[1]}` : undefined;
    if (orphan) orphans.set(orphan, (orphans.get(orphan) ?? 0) + 1);
  }
  for (const [path, n] of orphans) {
    const [game, doc] = path.split('/');
    const count = `${n} content file${n === 1 ? '' : 's'}`;
    if (doc === undefined) {
      problems.push({ file: `${fileOf(path)}/`, field: 'game.yaml', message: `is missing: unknown game "${game}" (the folder has ${count})`, expected: `content/${game}/game.yaml, or the files moved into a game folder (known games: ${[...gameFolders].join(', ') || 'none'})` });
    } else {
      const known = [...docFolders].filter((d) => d.startsWith(`${game}/`)).map((d) => d.split('/')[1]);
      problems.push({ file: `${fileOf(path)}/`, field: 'document.yaml', message: `is missing: unknown document "${doc}" in ${game} (the folder has ${count})`, expected: `content/${path}/document.yaml, or the entries moved into a document of ${game} (one of: ${known.join(', ') || 'none'})` });
    }
  }

  // Withheld from the cross-entry checks: whatever hangs on a file that could not be read, a folder
  // with a bad name or one without its game.yaml or document.yaml (one problem already says why).
  // A game.yaml: its whole folder; a document.yaml: the document; an official _edition.yaml: the
  // document's official text.
  const failedRels = new Set(failed.map((f) => f.rel));
  const withheldFolders = [...badFolders, ...orphans.keys(), ...[PATTERNS.games, PATTERNS.documents].flatMap((p) => files(base, p)).filter((r) => failedRels.has(r)).map(folder),
    ...files(base, PATTERNS.officialEditions).filter((r) => failedRels.has(r)).map(folder)];
  const withheld = (rel: string) => withheldFolders.some((f) => rel.startsWith(`${f}/`));
  const keep = <T extends { rel: string }>(list: T[]) => list.filter((f) => !withheld(f.rel));
  // The ids of entries not checked (unreadable, or withheld) stand in as planned, so a reference to
  // them from elsewhere is no second problem for the same cause. The model is thrown away anyway:
  // there is a problem.
  const readableIds = new Set([...keep(entryFiles), ...keep(officialFiles)].flatMap((e) => {
    const game = e.rel.split('/')[0];
    return [id(e.rel).split('/').at(-1)!, ...e.data.rules.map((r) => r.id)].map((i) => `${game}:${i}`);
  }));
  const standIns = new Map<string, Set<string>>();
  const standIn = (game: string, ids: unknown[]) => {
    for (const i of ids) if (typeof i === 'string' && i && !readableIds.has(`${game}:${i}`)) standIns.set(game, (standIns.get(game) ?? new Set()).add(i));
  };
  const rulesOf = (data: unknown) => ((data as { rules?: unknown } | undefined)?.rules);
  for (const { rel, data, text } of [...failed, ...[...entryFiles, ...officialFiles].filter((e) => withheld(e.rel)).map((e) => ({ ...e, text: undefined }))]) {
    const parts = rel.split('/');
    if (withheldFolders.includes(parts[0]!)) continue; // the whole game is out
    // What the file's rules are, as far as it could be read (from its text when it did not parse).
    const ruleIds = Array.isArray(rulesOf(data)) ? (rulesOf(data) as unknown[]).map((r) => (r as { id?: unknown } | null)?.id)
      : [...(text ?? '').matchAll(/\bid:\s*["']?([^"',}\s]+)/g)].map((m) => m[1]);
    if (parts.length === 2 && parts[1] === 'planned.yaml') {
      const items = (data as { planned?: unknown } | undefined)?.planned;
      standIn(parts[0]!, Array.isArray(items) ? items.map((it) => (it as { id?: unknown } | null)?.id) : []);
    } else if (/\.(yaml|mdx)$/.test(rel) && parts.length >= 3 && !parts.includes('_history') && !parts.at(-1)!.startsWith('_') && parts.at(-1) !== 'document.yaml') {
      standIn(parts[0]!, [id(parts.at(-1)!), ...ruleIds]);
    }
  }

  const games = keep(gameFiles).map((g) => ({ id: folder(g.rel), file: g.file, data: g.data }));
  const documents = keep(documentFiles).map((d) => ({ id: folder(d.rel), file: d.file, data: d.data }));
  const planned = [...keep(plannedFiles).map((p) => ({ game: folder(p.rel), file: p.file, items: p.data.planned })),
    ...[...standIns].map(([game, ids]) => ({ game, file: '(not read)', items: [...ids].map((i) => ({ id: i, title: { ja: i, en: i } })) }))];
  const terms = keep(termsFiles).map((t) => ({ game: folder(t.rel), file: t.file, terms: t.data.terms }));
  const editions = keep(editionsFiles).map((e) => ({ game: folder(e.rel), file: e.file, data: e.data }));
  const official = keep(officialFiles).map((o) => ({ id: contentIds.official(o.rel), file: o.file, data: o.data }));
  const officialEditions = keep(officialEditionFiles).map((e) => ({ id: contentIds.officialDoc(e.rel), file: e.file, data: e.data }));
  const officialGlossaries = keep(officialGlossaryFiles).map((g) => ({ id: contentIds.officialDoc(g.rel), file: g.file, data: g.data }));
  const officialHistory = keep(officialHistoryFiles).map((h) => ({ ...contentIds.historyStep(h.rel), file: h.file, data: h.data }));

  // One entry, one file: `100.1.yaml` beside `100.1.mdx` is not a warning but an error.
  const byId = new Map<string, string>();
  const entries = keep(entryFiles).flatMap((e) => {
    const first = byId.get(id(e.rel));
    if (first) {
      problems.push({ file: e.file, field: '(file)', message: `is the same entry as ${first} (both are ${id(e.rel)})`, expected: 'one file per entry: keep the .mdx (frontmatter and body) or the .yaml, not both' });
      return [];
    }
    byId.set(id(e.rel), e.file);
    return [{ id: id(e.rel), file: e.file, data: e.data, hasBody: e.body.trim().length > 0 }];
  });

  // Too large for one page: the offline copy refuses files over 5 MB. Said before anything renders.
  for (const e of entryFiles) {
    const estimate = estimatePageBytes(e.bytes, e.data.rules.length);
    if (estimate > MAX_PAGE_BYTES) {
      problems.push({ file: e.file, field: 'rules', message: `the entry would make a page of about ${mb(estimate)} (${e.data.rules.length} sub-rules, ${mb(e.bytes)} of source), over the ${mb(MAX_PAGE_BYTES)} a page of the offline copy may be`,
        expected: 'smaller entries: split it into several files (one per rule or section, e.g. 702.1 … 702.50), then add redirects.yaml lines for the anchors that moved' });
    }
  }

  // The editions the site has served (written by the build): each keeps its pinned links' pages.
  let served: Served = {};
  const servedPath = join(base, SERVED_FILE);
  if (existsSync(servedPath)) {
    const file = fileOf(SERVED_FILE);
    const text = readFileSync(servedPath, 'utf8');
    try {
      const data: unknown = JSON.parse(text);
      const result = servedSchema.safeParse(data);
      if (result.success) served = result.data;
      else problems.push(...schemaProblems(file, result.error.issues, servedSchema, data));
    } catch (e) {
      problems.push({ file, field: '(file)', message: `cannot be parsed: ${(e as Error).message}`, expected: 'the JSON the build writes (game → document → edition → date first served); restore it from the last deployment' });
    }
  }

  // What the site published (the permanent-link manifest): its history pages keep being written, and
  // (below) its URLs of official rules an import moved or removed get default redirects.
  const published = readManifest(base, problems);
  const filesRead = performance.now();
  let site: SiteModel | undefined;
  try {
    site = buildModel({ games, documents, entries, planned, terms, official, officialEditions, officialGlossaries, editions, officialHistory, served, published: Object.keys(published) }, passes);
    const lost = servedProblems(served, (game) => (site!.games.some((g) => g.id === game) ? site!.pins(game) : undefined), fileOf(SERVED_FILE));
    if (lost.length) problems.push(...lost);
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    problems.push(...e.problems);
  }
  // The file's lines, and those official text shown on explanations' pages implies.
  // And, for published URLs of official rules an import moved or removed, the default lines
  // (src/model/retired.ts): an update never waits for a hand-written redirect.
  const model = site;
  const modelBuilt = performance.now();
  const redirects = contentRedirects(base, problems, model?.placements, model ? (written) => retiredLines(model, published, fileOf(MANIFEST_FILE), written) : undefined);
  const redirected = performance.now();
  // An official sub-rule at an anchor redirects.yaml sends elsewhere (a number the pages retired,
  // brought back by official text of an older edition) would be hidden by the line: said here, with
  // the official file, rather than after rendering.
  for (const doc of site?.games.flatMap((g) => g.docs) ?? []) {
    const version = typeof doc.data.version === 'object' ? doc.data.version.en : doc.data.version;
    for (const entry of doc.entries) {
      for (const rule of entry.data.rules) {
        const from = rule.from.official;
        if (!from) continue;
        const line = LANGS.map((lang) => redirects.byFrom.get(`${paths.entry(lang, entry.game, entry.doc, entry.id)}#${rule.id}`)?.line).find((l) => l?.file.endsWith(REDIRECTS_FILE));
        if (line) {
          problems.push({ file: from.file, field: `rules[${from.index}].id`, message: `"${rule.id}" would stand on ${entry.doc}/${entry.id}, where ${line.file} › ${line.field} sends that anchor to ${line.to}: the pages retired the number, and this official text still has it`,
            expected: `official text of the edition the pages follow${version ? ` (${version})` : ''}, or the redirect line removed` });
        }
      }
    }
  }
  if (site) {
    warnings.push(...site.notices);
    const texts = new Map(raw.map((r) => [r.file, r.text]));
    for (const r of site.links.unresolved) {
      const text = texts.get(r.file);
      const line = text === undefined ? undefined : lineOf(text, r.text, r.ruleId);
      warnings.push({ file: `${r.file}${line ? `:${line}` : ''}`, field: r.field, message: `the reference "${r.text}" cites ${r.id}, which this site does not have; it is shown as plain text`, expected: `the rule written, or ${r.id} declared in planned.yaml` });
    }
  }
  // A file's problems together (the sort is stable, so each file keeps its own order).
  const byFile = (a: Problem, b: Problem) => a.file.replace(/:\d+:\d+$/, '').localeCompare(b.file.replace(/:\d+:\d+$/, ''));
  const seconds = { files: (filesRead - started) / 1000, ...passes, redirects: (redirected - modelBuilt) / 1000, total: (performance.now() - started) / 1000 };
  return { site: problems.length ? undefined : site, problems: problems.sort(byFile), warnings: warnings.sort(byFile), raw, redirects, seconds };
}
