#!/usr/bin/env node
// `npm run bench:history`: the importer across a series of real editions of one document, oldest
// first, into a scratch content folder, so that each import writes its official/_history/ step
// (docs/import.md#editions-kept). Per step it prints what the importer found (added / removed /
// reworded / moved, the moves in runs), the time of the import, and what the step costs: the step
// file raw and gzip, the whole official folder (a full copy of the edition) raw and gzip, and the
// growth of a git pack, for the steps as written and for a full copy per edition kept instead. Then
// the build-time cost of the history: checkContent (the content check and site model, which replays
// every step) on the scratch folder with 1, some and all editions kept.
// Editions come from a git history (every commit that changed one file) or from a folder of files
// (sorted by name). Official text is never committed: everything it writes goes under the scratch
// folder (default: a temporary one) and --moves <file>. It prints figures; it asserts nothing.
//
// usage: npm run bench:history -- (--git <git dir> --path <file> | --dir <folder>) [--game mtg]
//          [--scratch <folder>] [--moves <file>] [--from <n>] [--limit <n>] [--today <YYYY-MM-DD>]
//          [--runs <n>] [--no-git] [--sweep]
//   --moves <file>  writes every move found (old and new text, similarity), for checking by hand
//   --runs <n>      timings of the content check per history length (median of n, default 3)
//   --sweep         also matches each step with other thresholds (src/importers/moves.ts) and counts
//                   the pairs each would make or lose (listed in the --moves file)
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runnerImport } from 'vite';

const argv = process.argv.slice(2);
const arg = (name) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : undefined; };
const flag = (name) => argv.includes(`--${name}`);
const usage = () => {
  console.error('usage: npm run bench:history -- (--git <git dir> --path <file> | --dir <folder>) [--game mtg] [--scratch <folder>] [--moves <file>] [--from <n>] [--limit <n>] [--today <date>] [--runs <n>] [--no-git] [--sweep]');
  process.exit(2);
};
const root = fileURLToPath(new URL('..', import.meta.url));
const game = arg('game') ?? 'mtg';
const runs = Number(arg('runs') ?? 3);
const useGit = !flag('no-git');

const load = async (file) => (await runnerImport(join(root, file), { root, configFile: false, logLevel: 'error' })).module;
(globalThis)[Symbol.for('taiyaku.pdfjs')] = () => import('pdfjs-dist/legacy/build/pdf.mjs');
const { runImport, IMPORTERS } = await load('src/importers/apply.ts');
const { moveRuns, matchRules, THRESHOLDS } = await load('src/importers/moves.ts');
const { matchTexts } = await load('src/model/history.ts');
const { checkContent } = await load('src/content/check-content.ts');
const importer = IMPORTERS[game];
if (!importer) usage();
const docId = importer.doc;

// The editions, oldest first, as files in the scratch folder.
const scratch = resolve(arg('scratch') ?? mkdtempSync(join(tmpdir(), 'taiyaku-bench-history-')));
const editionsDir = join(scratch, 'editions');
mkdirSync(editionsDir, { recursive: true });
let editions = [];
if (arg('git') && arg('path')) {
  const git = (...a) => execFileSync('git', ['-C', arg('git'), ...a], { encoding: 'buffer', maxBuffer: 1 << 28 });
  const commits = git('log', '--reverse', '--format=%H %s', '--', arg('path')).toString().trim().split('\n').filter(Boolean);
  commits.forEach((line, i) => {
    const [hash, ...subject] = line.split(' ');
    const name = `${String(i + 1).padStart(3, '0')}-${hash.slice(0, 7)}${/\.pdf$/i.test(arg('path')) ? '.pdf' : '.txt'}`;
    writeFileSync(join(editionsDir, name), git('show', `${hash}:${arg('path')}`));
    editions.push({ file: join(editionsDir, name), label: `${hash.slice(0, 7)} ${subject.join(' ')}`.trim() });
  });
} else if (arg('dir')) {
  editions = readdirSync(arg('dir')).filter((n) => !n.startsWith('.')).sort().map((n) => ({ file: resolve(arg('dir'), n), label: n }));
} else usage();
const from = Number(arg('from') ?? 1) - 1;
editions = editions.slice(from, arg('limit') ? from + Number(arg('limit')) : undefined);
if (editions.length === 0) { console.error('no editions found'); process.exit(1); }

// The scratch content folder: the game and the document's settings only, so every id is official.
const content = join(scratch, 'content');
rmSync(content, { recursive: true, force: true });
mkdirSync(join(content, game, docId), { recursive: true });
cpSync(join(root, 'content', game, 'game.yaml'), join(content, game, 'game.yaml'));
cpSync(join(root, 'content', game, docId, 'document.yaml'), join(content, game, docId, 'document.yaml'));
const out = join(content, game, docId);
const official = join(out, 'official');

// Two git repositories beside it: the content as the importer leaves it (steps), and the same with
// a full copy of each earlier edition's official folder kept instead of the steps.
const sh = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', ...opts });
const repo = (name) => {
  const dir = join(scratch, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  sh('git', ['init', '-q', dir]);
  return dir;
};
// A repository is { git: its .git folder, tree: the folder it records }.
const inRepo = (r, ...a) => sh('git', [`--git-dir=${r.git}`, `--work-tree=${r.tree}`, ...a]);
const packed = (r) => {
  inRepo(r, 'gc', '-q', '--aggressive', '--prune=now');
  const v = Object.fromEntries(inRepo(r, 'count-objects', '-v').stdout.trim().split('\n').map((l) => l.split(': ')));
  return (Number(v['size-pack'] ?? 0) + Number(v['size'] ?? 0)) * 1024;
};
const commit = (r, message) => {
  inRepo(r, 'add', '-A');
  const c = inRepo(r, '-c', 'user.name=bench', '-c', 'user.email=bench@localhost', 'commit', '-q', '--allow-empty', '-m', message);
  if (c.status !== 0) throw new Error(`git commit in ${r.git}: ${c.stderr}`);
};
const stepsRepo = useGit ? { git: join(repo('git-steps'), '.git'), tree: content } : undefined;
const copiesRepo = useGit ? { git: join(repo('git-copies'), '.git'), tree: join(scratch, 'git-copies') } : undefined;

const folderBytes = (dir) => {
  let raw = 0; let gz = 0; let files = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) { if (e.name !== '_history') walk(p); continue; }
      const b = readFileSync(p);
      raw += b.length; files++;
      gz += gzipSync(b, { level: 9 }).length;
    }
  };
  walk(dir);
  // One gzip over the whole folder, as a tarball would be: the per-file sum overstates small files.
  const all = [];
  const cat = (d) => { for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) { const p = join(d, e.name); if (e.isDirectory()) { if (e.name !== '_history') cat(p); } else all.push(readFileSync(p)); } };
  cat(dir);
  return { raw, gz, gzAll: gzipSync(Buffer.concat(all), { level: 9 }).length, files };
};
const kb = (n) => `${(n / 1024).toFixed(1)}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const rows = [];
const movesOut = [];
const sweep = [];
let previousPack = { steps: 0, copies: 0 };
let previousEdition;
for (const [i, ed] of editions.entries()) {
  const snapshotBefore = i > 0 && copiesRepo ? join(scratch, 'previous-official') : undefined;
  if (snapshotBefore) { rmSync(snapshotBefore, { recursive: true, force: true }); cpSync(official, snapshotBefore, { recursive: true, filter: (p) => basename(p) !== '_history' }); }
  const stepsBefore = new Set(existsSync(join(official, '_history')) ? readdirSync(join(official, '_history')) : []);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await runImport({ game, en: ed.file, out, ...(arg('today') ? { today: arg('today') } : {}) });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (!result.ok) {
    console.log(result.lines.join('\n'));
    console.error(`✗ the import of ${ed.label} failed`);
    process.exit(1);
  }
  const edition = result.built.edition.en ?? '?';
  const diff = result.plan.diff;
  const row = { label: ed.label, edition, ms, cpuMs: (cpu.user + cpu.system) / 1000, first: diff.firstImport };
  const full = folderBytes(official);
  row.full = full;
  if (!diff.firstImport) {
    Object.assign(row, { added: diff.added.length, removed: diff.removed.length, reworded: diff.reworded.length, moved: diff.moved.length, near: diff.moved.filter((m) => m.similarity < 1).length });
    row.runs = moveRuns(importer.idStyle, diff.moved);
    const written = existsSync(join(official, '_history')) ? readdirSync(join(official, '_history')).filter((n) => !stepsBefore.has(n)) : [];
    const stepFile = written.length === 1 ? join(official, '_history', written[0]) : undefined;
    if (stepFile) {
      const b = readFileSync(stepFile);
      row.step = { file: basename(stepFile), raw: b.length, gz: gzipSync(b, { level: 9 }).length };
    }
    const before = result.plan.units.before;
    const now = result.plan.units.now;
    const text = (u) => u?.en ?? u?.ja ?? u?.title?.en ?? u?.ruleTitle?.en;
    for (const m of diff.moved) movesOut.push({ step: `${previousEdition} → ${edition}`, from: m.from, to: m.to, similarity: Number(m.similarity.toFixed(3)), before: text(before.get(m.from)), after: text(now.get(m.to)) });
    if (flag('sweep')) {
      // The thresholds' neighbourhood: the pairs that another threshold would make or lose.
      const asUnits = (u) => [...u].map(([id, state]) => ({ id, ...matchTexts(state) }));
      const key = (p) => `${p.from}→${p.to}`;
      const mine = new Set(result.plan.matching.pairs.map(key));
      for (const [name, t] of [['near', 0.2], ['near', 0.25], ['near', 0.35], ['near', 0.4], ['move', 0.4], ['move', 0.6], ['fit', 0.1], ['fit', 0.5], ['bonus', 0.1], ['bonus', 0.2]]) {
        const other = matchRules(asUnits(before), asUnits(now), importer.idStyle, { ...THRESHOLDS, [name]: t });
        const theirs = new Set(other.pairs.map(key));
        const gained = other.pairs.filter((p) => !mine.has(key(p)));
        const lost = result.plan.matching.pairs.filter((p) => !theirs.has(key(p)));
        for (const [kind, list] of [['gained', gained], ['lost', lost]]) {
          for (const p of list) sweep.push({ step: `${previousEdition} → ${edition}`, threshold: `${name} ${t}`, kind, from: p.from, to: p.to, similarity: Number(p.similarity.toFixed(3)), before: text(before.get(p.from)), after: text(now.get(p.to)) });
        }
        (row.sweep ??= {})[`${name} ${t}`] = `+${gained.length}/−${lost.length}`;
      }
    }
    // What a comparison number by number would say (no moves): the figures rule archives avoid.
    const same = (a, b) => JSON.stringify(matchTexts(a)) === JSON.stringify(matchTexts(b));
    row.byNumber = {
      added: [...now.keys()].filter((id) => !before.has(id)),
      removed: [...before.keys()].filter((id) => !now.has(id)),
      reworded: [...now.keys()].filter((id) => before.has(id) && !same(before.get(id), now.get(id))),
    };
    row.reworded = diff.reworded.length;
    row.rewordedIds = diff.reworded.map((r) => (r.from ? `${r.from}→${r.id}` : r.id));
    row.addedIds = diff.added;
    row.removedIds = diff.removed;
  }
  if (useGit) {
    commit(stepsRepo, edition);
    const p = packed(stepsRepo);
    row.packSteps = p - previousPack.steps;
    previousPack.steps = p;
    // The alternative: the importer's current folder plus a full copy of every earlier edition.
    const cOut = join(copiesRepo.tree, 'official');
    rmSync(cOut, { recursive: true, force: true });
    cpSync(official, cOut, { recursive: true, filter: (p2) => basename(p2) !== '_history' });
    if (snapshotBefore && previousEdition) cpSync(snapshotBefore, join(copiesRepo.tree, 'editions', previousEdition), { recursive: true });
    commit(copiesRepo, edition);
    const c = packed(copiesRepo);
    row.packCopies = c - previousPack.copies;
    previousPack.copies = c;
  }
  rows.push(row);
  previousEdition = edition;
  const counts = row.first ? 'first import' : `+${row.added} −${row.removed} ~${row.reworded} →${row.moved}`;
  console.error(`  ${String(i + 1).padStart(2)}/${editions.length} ${edition} ${counts} in ${(ms / 1000).toFixed(1)} s`);
}

// The table.
const pad = (s, n) => String(s).padStart(n);
console.log(`\n${editions.length} editions of ${game}/${docId} (scratch folder ${scratch})`);
console.log('edition      added removed reworded moved (near) runs  import s (cpu) | by number: +  −  ~   | step KB raw / gz | full copy KB raw / gz | git pack KB: steps / copies');
for (const r of rows) {
  const cols = r.first
    ? `${'first import'.padStart(36)}`
    : `${pad(r.added, 5)} ${pad(r.removed, 7)} ${pad(r.reworded, 8)} ${pad(r.moved, 5)} ${pad(`(${r.near})`, 6)} ${pad(r.runs.length, 4)}`;
  const step = r.step ? `${pad(kb(r.step.raw), 6)} / ${pad(kb(r.step.gz), 5)}` : `${pad('—', 6)} / ${pad('—', 5)}`;
  const git = r.packSteps !== undefined ? `${pad(kb(r.packSteps), 7)} / ${pad(kb(r.packCopies), 7)}` : '';
  const naive = r.byNumber ? `${pad(r.byNumber.added.length, 4)} ${pad(r.byNumber.removed.length, 3)} ${pad(r.byNumber.reworded.length, 4)}` : `${pad('', 13)}`;
  console.log(`${r.edition.padEnd(12)} ${cols}  ${pad((r.ms / 1000).toFixed(1), 6)} (${pad((r.cpuMs / 1000).toFixed(1), 4)}) | ${pad('', 9)}${naive} | ${step} | ${pad(kb(r.full.raw), 7)} / ${pad(kb(r.full.gzAll), 6)} | ${git}`);
}
const later = rows.filter((r) => !r.first);
const sum = (f) => later.reduce((a, r) => a + (f(r) ?? 0), 0);
if (later.length) {
  console.log(`total        ${pad(sum((r) => r.added), 5)} ${pad(sum((r) => r.removed), 7)} ${pad(sum((r) => r.reworded), 8)} ${pad(sum((r) => r.moved), 5)} ${pad(`(${sum((r) => r.near)})`, 6)} ${pad(sum((r) => r.runs.length), 4)}`);
  const steps = later.filter((r) => r.step);
  const mid = (f) => median(steps.map(f));
  console.log(`\nstep file: median ${kb(mid((r) => r.step.raw))} KB raw, ${kb(mid((r) => r.step.gz))} KB gzip; largest ${kb(Math.max(...steps.map((r) => r.step.raw)))} KB raw; all ${steps.length} steps ${kb(sum((r) => r.step?.raw))} KB raw, ${kb(sum((r) => r.step?.gz))} KB gzip`);
  const last = rows.at(-1).full;
  console.log(`full copy of an edition (the official folder, ${last.files} files): ${kb(last.raw)} KB raw, ${kb(last.gzAll)} KB gzip as one stream (${kb(last.gz)} KB gzipped file by file)`);
  if (useGit) {
    console.log(`git pack growth (gc --aggressive) over the ${later.length} later imports: steps ${kb(sum((r) => r.packSteps))} KB (median ${kb(median(later.map((r) => r.packSteps)))} KB an import), full copies instead ${kb(sum((r) => r.packCopies))} KB (median ${kb(median(later.map((r) => r.packCopies)))} KB)`);
    console.log(`  (either way an import also rewrites the official entries it changed; the first import's pack: ${kb(rows[0].packSteps)} KB)`);
  }
  for (const r of later) {
    console.log(`\n${r.edition} (${r.label}): +${r.added} −${r.removed} ~${r.reworded} →${r.moved}`);
    if (r.addedIds.length) console.log(`  added: ${r.addedIds.join(', ')}`);
    if (r.removedIds.length) console.log(`  removed: ${r.removedIds.join(', ')}`);
    if (r.rewordedIds.length) console.log(`  reworded: ${r.rewordedIds.join(', ')}`);
    if (r.runs.length) console.log(`  moved: ${r.runs.join(', ')}`);
    console.log(`  by number alone: +${r.byNumber.added.length} −${r.byNumber.removed.length} ~${r.byNumber.reworded.length}${r.byNumber.removed.length ? ` (removed ${r.byNumber.removed.join(', ')})` : ''}`);
  }
}
if (flag('sweep')) {
  const names = Object.keys(later.find((r) => r.sweep)?.sweep ?? {});
  console.log(`\nother thresholds (default near ${THRESHOLDS.near}, move ${THRESHOLDS.move}, fit ${THRESHOLDS.fit}, bonus ${THRESHOLDS.bonus}): pairs gained / lost per step`);
  console.log(`edition      ${names.map((n) => n.padStart(9)).join(' ')}`);
  for (const r of later) console.log(`${r.edition.padEnd(12)} ${names.map((n) => r.sweep[n].padStart(9)).join(' ')}`);
}
if (arg('moves')) {
  writeFileSync(arg('moves'), JSON.stringify({ moves: movesOut, sweep }, null, 1));
  console.log(`\n${movesOut.length} moves written to ${arg('moves')} (official text: do not commit it)`);
}

// Build-time cost of the history: the content check (schemas, site model, history replay) with
// 1 edition (no steps), some, and all editions kept; the oldest steps are set aside for the shorter ones.
const historyDir = join(official, '_history');
if (existsSync(historyDir)) {
  const all = readdirSync(historyDir).sort();
  const aside = join(scratch, 'history-aside');
  const order = rows.filter((r) => r.step).map((r) => r.step.file);
  const counts = [...new Set([0, 1, Math.floor(order.length / 2), order.length])].filter((n) => n <= order.length);
  console.log(`\ncheckContent on the scratch folder (median of ${runs}, the history lengths interleaved; each edition kept = one step):`);
  // Keep the newest n steps (the chain must end at the current text), setting the oldest aside.
  const keep = (n) => {
    for (const f of readdirSync(aside)) renameSync(join(aside, f), join(historyDir, f));
    for (const f of order.slice(0, order.length - n)) renameSync(join(historyDir, f), join(aside, f));
  };
  rmSync(aside, { recursive: true, force: true });
  mkdirSync(aside, { recursive: true });
  const times = new Map(counts.map((n) => [n, []]));
  const seen = new Map();
  checkContent(content); // warm-up: the first call compiles the code
  for (let k = 0; k < runs; k++) {
    for (const n of counts) {
      keep(n);
      const t = performance.now();
      const check = checkContent(content);
      times.get(n).push(performance.now() - t);
      if (!check.site) { console.log(`  ✗ ${n} steps: ${check.problems.slice(0, 3).map((p) => `${p.file} › ${p.field}: ${p.message}`).join('; ')}`); continue; }
      seen.set(n, check.site.games.find((g) => g.id === game)?.docs.find((d) => d.id === docId)?.history?.editions.length ?? 1);
    }
  }
  keep(order.length);
  const timing = counts.map((n) => ({ n, ms: median(times.get(n)) }));
  for (const { n, ms } of timing) console.log(`  ${pad(n + 1, 2)} edition${n ? 's' : ' '} (${pad(n, 2)} steps, ${seen.get(n) ?? '?'} in the model): ${pad(ms.toFixed(0), 5)} ms`);
  if (timing.length > 1) console.log(`  each kept edition adds ${((timing.at(-1).ms - timing[0].ms) / Math.max(1, timing.at(-1).n)).toFixed(1)} ms`);
  if (all.length !== readdirSync(historyDir).length) console.error('✗ the history folder was not restored');
}
