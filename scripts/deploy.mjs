#!/usr/bin/env node
// One deployment run with the official rules (docs/deploy.md#deploy-state): restore the state the
// last run saved → import the publishers' files → build → check the output → save the state. The
// CI workflow of docs/deploy.md runs it, then publishes the output folder and commits the state
// folder back (to the `deploy-state` branch); tests/build/deploy.test.ts runs it twice on fixtures.
//
// The state is what a deployment must keep between runs, or its promises break: the permanent-link
// manifest (permalinks.json: every page and anchor it published), redirects.yaml, the editions it
// served (served.json), and per document the official text with its kept editions
// ({game}/{doc}/official/, _history/ included). A run that finds no state stops and says why, unless
// told this is the first deployment (--first-deploy); a first deployment refuses a state that exists.
//
// usage: node scripts/deploy.mjs --state <dir> [--official <dir>] [--content content] [--out dist]
//          [--first-deploy] [--allow-removals] [--allow-older] [--ja-follows <game>:<edition>]… [--edition <game>:<edition>]… [--today YYYY-MM-DD]
//   --official <dir>  the downloaded files, named mtg-en, mtg-ja, lorcana-en, lorcana-ja, mc-en (any absent is skipped)
//   SITE_URL and SITE_BASE apply to the build and the output checks as for npm run build.
// Exit codes: 0 done, 1 a step failed (nothing is saved), 2 usage, 3 no state (or a first deployment over one).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Document, parse } from 'yaml';
import { readArgs } from '../src/importers/args.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The marker of a state folder: what it holds, when it was saved. */
export const STATE_FILE = 'taiyaku-state.json';
/** The state files at the top of the content folder. */
export const TOP_FILES = ['permalinks.json', 'redirects.yaml', 'served.json'];
/** The downloaded files the import step looks for: name → game, document folder, language. */
export const OFFICIAL_FILES = [
  { game: 'mtg', doc: 'cr', en: 'mtg-en', ja: 'mtg-ja' },
  { game: 'lorcana', doc: 'cr', en: 'lorcana-en', ja: 'lorcana-ja' },
  { game: 'marvel-champions', doc: 'rr', en: 'mc-en' },
];

const rel = (p) => relative(process.cwd(), p) || '.';
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

export function parseArgs(argv) {
  const { values: v, lists, flags } = readArgs(argv, {
    values: ['--state', '--official', '--content', '--out', '--today'],
    lists: ['--ja-follows', '--edition'],
    flags: ['--first-deploy', '--allow-removals', '--allow-older'],
  });
  // `<game>:<edition>` options, per game; a malformed value is refused, not guessed.
  const perGame = (flag, example) => Object.fromEntries((lists[flag] ?? []).map((value) => {
    const at = value.indexOf(':');
    if (at < 1 || at === value.length - 1) throw new Error(`${flag} ${value}: expected <game>:<edition>, e.g. ${example}`);
    return [value.slice(0, at), value.slice(at + 1)];
  }));
  const o = {
    state: v['--state'], official: v['--official'], content: v['--content'] ?? 'content', out: v['--out'] ?? 'dist', today: v['--today'],
    firstDeploy: flags.has('--first-deploy'), allowRemovals: flags.has('--allow-removals'), allowOlder: flags.has('--allow-older'),
    // Which English edition a game's Japanese file follows, when the file does not say (docs/import.md#pairs).
    jaFollows: perGame('--ja-follows', 'lorcana:2025-08-22'),
    // The edition of a game's English file that prints none (docs/import.md#editions-from-the-file).
    edition: perGame('--edition', 'marvel-champions:1.8'),
  };
  if (!o.state) throw new Error('--state <dir> is required: the folder the last run saved its state to (docs/deploy.md#deploy-state)');
  return o;
}

/** The document folders ({game}/{doc}) of a content or state folder that hold official text. */
export function officialDocs(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const game of readdirSync(dir, { withFileTypes: true })) {
    if (!game.isDirectory() || game.name.startsWith('.')) continue;
    for (const doc of readdirSync(join(dir, game.name), { withFileTypes: true })) {
      if (doc.isDirectory() && existsSync(join(dir, game.name, doc.name, 'official'))) out.push(`${game.name}/${doc.name}`);
    }
  }
  return out.sort();
}

/** Both manifests' pages and anchors: each is a promise (the repository's for the bundled pages, the state's for what this deployment published). */
export function mergeManifests(a, b) {
  const out = {};
  for (const m of [a, b]) for (const [page, anchors] of Object.entries(m)) out[page] = [...new Set([...(out[page] ?? []), ...anchors])];
  return Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
}

/** served.json of both: every edition either served, with the earlier date. */
export function mergeServed(a, b) {
  const out = structuredClone(a);
  for (const [game, docs] of Object.entries(b)) {
    for (const [doc, editions] of Object.entries(docs)) {
      for (const [edition, date] of Object.entries(editions)) {
        const d = ((out[game] ??= {})[doc] ??= {});
        if (d[edition] === undefined || String(date) < String(d[edition])) d[edition] = date;
      }
    }
  }
  return out;
}

/** redirects.yaml: the repository's lines (the deployer's, they win), plus the lines the state has that it lacks. */
export function mergeRedirects(repoText, stateText) {
  const lines = (text) => (text ? (parse(text)?.redirects ?? {}) : {});
  const repo = lines(repoText);
  const state = lines(stateText);
  const added = Object.keys(state).filter((k) => !(k in repo));
  if (!added.length) return { text: repoText, added };
  const doc = repoText ? parse(repoText) ?? {} : {};
  const all = { ...repo, ...Object.fromEntries(added.map((k) => [k, state[k]])) };
  const out = new Document({ ...doc, redirects: all });
  return { text: out.toString({ lineWidth: 0 }), added };
}

/** Step 1: the state into the content folder. Returns what was restored, or throws with the reason. */
export function restoreState(o, log) {
  const state = resolve(o.state);
  const marker = join(state, STATE_FILE);
  const has = existsSync(marker);
  if (!has && !o.firstDeploy) {
    const what = !existsSync(state) ? 'does not exist' : readdirSync(state).filter((f) => f !== '.git').length ? `has no ${STATE_FILE}` : 'is empty';
    throw Object.assign(new Error(`no deploy state: ${rel(state)} ${what}. It holds what the last deployment published and must keep (the permanent-link manifest, the redirects, the editions served, the official text with its kept editions); without it this run would build green and break every link the site handed out. Restore it (docs/deploy.md#deploy-state), or pass --first-deploy if nothing was ever deployed.`), { exit: 3 });
  }
  if (has && o.firstDeploy) {
    throw Object.assign(new Error(`--first-deploy, but ${rel(state)} holds the state of a deployment (${STATE_FILE}, saved ${readJson(marker).saved}): starting from nothing would forget what it published. Drop --first-deploy.`), { exit: 3 });
  }
  if (!has) {
    log(`state: none (first deployment): starting from the repository's content`);
    return { docs: [] };
  }
  const info = readJson(marker);
  if (info.format !== 1) throw Object.assign(new Error(`${rel(marker)}: format ${info.format} is not one this script reads (1)`), { exit: 3 });
  const content = resolve(o.content);
  const docs = officialDocs(state);
  for (const d of docs) {
    const [game] = d.split('/');
    if (!existsSync(join(content, game))) throw Object.assign(new Error(`${rel(join(state, d))}: the state holds official text of ${d}, but ${rel(join(content, game))} is gone from the content: its pages were published. Bring the game back, or move its state away on purpose.`), { exit: 3 });
    const target = join(content, d, 'official');
    if (existsSync(target)) log(`  ⚠ ${rel(target)}/ was in the checkout: replaced by the state's`);
    rmSync(target, { recursive: true, force: true });
    cpSync(join(state, d, 'official'), target, { recursive: true });
    // A document.yaml the first import created (the checkout had none) is kept with the state.
    if (!existsSync(join(content, d, 'document.yaml')) && existsSync(join(state, d, 'document.yaml'))) cpSync(join(state, d, 'document.yaml'), join(content, d, 'document.yaml'));
  }
  const at = (dir, f) => join(dir, f);
  const text = (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined);
  if (existsSync(at(state, 'permalinks.json'))) {
    const repo = existsSync(at(content, 'permalinks.json')) ? readJson(at(content, 'permalinks.json')) : {};
    writeFileSync(at(content, 'permalinks.json'), `${JSON.stringify(mergeManifests(repo, readJson(at(state, 'permalinks.json'))), null, 1)}\n`);
  } else throw Object.assign(new Error(`${rel(state)}: ${STATE_FILE} is there but permalinks.json is not: the state is incomplete (restore it from the state branch's history)`), { exit: 3 });
  if (existsSync(at(state, 'served.json'))) {
    const repo = existsSync(at(content, 'served.json')) ? readJson(at(content, 'served.json')) : {};
    writeFileSync(at(content, 'served.json'), `${JSON.stringify(mergeServed(repo, readJson(at(state, 'served.json'))), null, 1)}\n`);
  }
  const merged = mergeRedirects(text(at(content, 'redirects.yaml')), text(at(state, 'redirects.yaml')));
  if (merged.added.length) {
    writeFileSync(at(content, 'redirects.yaml'), merged.text);
    log(`  redirects.yaml: ${merged.added.length} line(s) the last deployment had and the repository lacks, put back (${merged.added.slice(0, 3).join(', ')}${merged.added.length > 3 ? ', …' : ''})`);
  }
  log(`state: restored from ${rel(state)} (saved ${info.saved}): ${docs.length ? docs.join(', ') : 'no official text'}, ${Object.keys(readJson(at(state, 'permalinks.json'))).length} published pages`);
  return { docs };
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', ...env } });
  return r.status ?? 1;
}

/** Step 2: import each downloaded document. Returns the documents imported. */
export function importOfficial(o, log) {
  if (!o.official) { log('import: no --official folder: the official text stays as the state has it'); return []; }
  const dir = resolve(o.official);
  const done = [];
  for (const f of OFFICIAL_FILES) {
    const en = join(dir, f.en);
    const ja = f.ja && existsSync(join(dir, f.ja)) ? [join(dir, f.ja)] : [];
    // The English alone, both, or a newer translation alone (the English the state has is kept).
    const files = existsSync(en) ? [en, ...ja] : ja.length ? ['--ja', ja[0]] : [];
    if (!files.length) continue;
    const args = ['scripts/import.ts', f.game, ...files, '--out', join(resolve(o.content), f.game, f.doc),
      ...(o.jaFollows[f.game] ? ['--ja-follows', o.jaFollows[f.game]] : []), ...(o.edition[f.game] ? ['--edition', o.edition[f.game]] : []),
      ...(o.allowRemovals ? ['--allow-removals'] : []), ...(o.allowOlder ? ['--allow-older'] : []), ...(o.today ? ['--today', o.today] : [])];
    log(`import: ${f.game} from ${[...(existsSync(en) ? [en] : []), ...ja].map(rel).join(' + ')}`);
    if (run(process.execPath, args) !== 0) throw Object.assign(new Error(`the import of ${f.game} failed (its report is above): nothing is saved or published, the last deployment stays up`), { exit: 1 });
    done.push(`${f.game}/${f.doc}`);
  }
  if (!done.length) log(`import: none of ${OFFICIAL_FILES.flatMap((f) => [f.en, f.ja].filter(Boolean)).join(', ')} in ${rel(dir)}`);
  return done;
}

/** Step 3 and 4: the build (which checks the permanent links and writes the manifest) and the output checks. */
export function buildAndCheck(o, log) {
  const env = { TAIYAKU_CONTENT: resolve(o.content), TAIYAKU_OUT: resolve(o.out) };
  log(`build: ${rel(resolve(o.out))}`);
  // Vitest's import.meta.env values must not reach the child build (they would override its base).
  for (const k of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR']) delete process.env[k];
  if (run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], env) !== 0) throw Object.assign(new Error('the build failed (its report is above): nothing is saved or published'), { exit: 1 });
  if (run(process.execPath, ['scripts/check-dist.mjs', resolve(o.out)]) !== 0) throw Object.assign(new Error('the output checks failed: nothing is saved or published'), { exit: 1 });
}

/** Step 5: the state out of the content folder, into the state folder (its .git, if any, untouched). */
export function saveState(o, log) {
  const state = resolve(o.state);
  const content = resolve(o.content);
  // Written beside the state folder first (the same file system), then moved in: a failure while
  // copying leaves the last state as it was.
  const staging = `${state}.saving-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const docs = officialDocs(content);
  for (const d of docs) {
    cpSync(join(content, d, 'official'), join(staging, d, 'official'), { recursive: true });
    if (existsSync(join(content, d, 'document.yaml'))) cpSync(join(content, d, 'document.yaml'), join(staging, d, 'document.yaml'));
  }
  for (const f of TOP_FILES) if (existsSync(join(content, f))) cpSync(join(content, f), join(staging, f));
  const editions = Object.fromEntries(docs.map((d) => {
    const e = join(content, d, 'official', '_edition.yaml');
    const data = existsSync(e) ? parse(readFileSync(e, 'utf8')) : undefined;
    return [d, data?.version ?? null];
  }));
  const info = { format: 1, saved: new Date().toISOString(), editions, pages: Object.keys(readJson(join(content, 'permalinks.json'))).length };
  writeFileSync(join(staging, STATE_FILE), `${JSON.stringify(info, null, 1)}\n`);
  mkdirSync(state, { recursive: true });
  for (const f of readdirSync(state)) if (f !== '.git') rmSync(join(state, f), { recursive: true, force: true });
  for (const f of readdirSync(staging)) renameSync(join(staging, f), join(state, f));
  rmSync(staging, { recursive: true, force: true });
  log(`state: saved to ${rel(state)}: ${docs.join(', ') || 'no official text'}, ${info.pages} published pages`);
  return info;
}

export function deploy(argv, log = console.log) {
  let o;
  try {
    o = parseArgs(argv);
  } catch (e) {
    throw Object.assign(e, { exit: 2 });
  }
  restoreState(o, log);
  importOfficial(o, log);
  buildAndCheck(o, log);
  return saveState(o, log);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    deploy(process.argv.slice(2));
    console.log('✓ deployed state saved; publish the output folder');
  } catch (e) {
    console.error(`✗ ${e.message}`);
    if (e.exit === 2) console.error('usage: node scripts/deploy.mjs --state <dir> [--official <dir>] [--content content] [--out dist] [--first-deploy] [--allow-removals] [--allow-older] [--ja-follows <game>:<edition>]… [--edition <game>:<edition>]… [--today YYYY-MM-DD] (docs/deploy.md)');
    process.exit(e.exit ?? 1);
  }
}
