// Writes many small files from a worker thread. Short links are thousands of tiny files: written from
// the main thread after the pages, they held up the search index (both compete for the disk and the
// CPU); from the main thread during rendering, the promise traffic slowed the pages. A worker writing
// synchronously uses the idle share of the second core while the pages render (docs/benchmarks.md).
//
// `updateFilesInWorker` keeps what the previous build left under a folder and rewrites only what
// changed: on this kind of disk creating a folder and a file costs more than reading one back, and
// deleting the previous build's 25,000 short-link entries cost 25–50 s of a build (docs/benchmarks.md,
// "The previous output"). What is there and not written this time is handed back as leftovers, for
// the build to remove once it knows every other writer's files (src/integrations/previous-output.ts).
import { Worker } from 'node:worker_threads';

// Plain CommonJS, evaluated as is: the integration is bundled by Astro's config loader, so a worker
// file next to this one would not be found at run time.
const WRITE = `
const { workerData, parentPort } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
for (const [file, text] of workerData) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
parentPort.postMessage(workerData.length);
`;

const UPDATE = `
const { workerData, parentPort } = require('node:worker_threads');
const { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { dirname, join, relative, sep } = require('node:path');
const { root, files } = workerData;
// What the previous build left: every file and folder under root.
const present = new Set();
const folders = new Set();
const walk = (dir) => {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch (error) { if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return; throw error; }
  folders.add(dir);
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path); else present.add(path);
  }
};
walk(root);
const wanted = new Set(files.map(([file]) => file));
// A file of the previous build where this one needs a folder, or a folder where it needs a file.
const clearWay = (file) => {
  for (let dir = dirname(file); dir.length > root.length; dir = dirname(dir)) {
    if (present.has(dir)) { rmSync(dir, { force: true }); present.delete(dir); }
  }
  if (folders.has(file)) {
    rmSync(file, { recursive: true, force: true });
    for (const set of [folders, present]) for (const p of set) if (p === file || p.startsWith(file + sep)) set.delete(p);
  }
};
let written = 0;
const revisions = [];
for (const [file, text] of files) {
  const data = Buffer.from(text);
  revisions.push(createHash('md5').update(data).digest('hex'));
  if (present.has(file)) {
    let same = false;
    try { same = readFileSync(file).equals(data); } catch { same = false; }
    if (same) continue;
  } else {
    clearWay(file);
    const dir = dirname(file);
    if (!folders.has(dir)) { mkdirSync(dir, { recursive: true }); for (let d = dir; d.length >= root.length && !folders.has(d); d = dirname(d)) folders.add(d); }
  }
  writeFileSync(file, data);
  written++;
}
const leftovers = [];
for (const file of present) if (!wanted.has(file)) leftovers.push(relative(root, file).split(sep).join('/'));
parentPort.postMessage({ written, kept: files.length - written, leftovers: leftovers.sort(), revisions });
`;

function run<T>(code: string, data: unknown, count: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: data });
    let done = false;
    worker.once('message', (result: T) => { done = true; resolve(result); });
    worker.once('error', (error) => reject(new Error(`writing ${count} files failed: ${error.message}`)));
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`the file-writing worker stopped (exit code ${code}) before writing ${count} files`));
    });
  });
}

/** Writes each [absolute path, text] pair, creating folders as needed; resolves with the count. */
export function writeFilesInWorker(files: [string, string][]): Promise<number> {
  return run<number>(WRITE, files, files.length);
}

export interface Update {
  /** Files written (new or changed). */
  written: number;
  /** Files the previous build left with the same bytes, not rewritten. */
  kept: number;
  /** Files under `root` that this list does not name, relative to `root` with `/`: not removed here. */
  leftovers: string[];
  /** Each file's MD5 (hex), in the order given. */
  revisions: string[];
}

/**
 * Makes every [absolute path under `root`, text] pair hold its text, rewriting only the files whose
 * bytes differ (a file that is not there is created, and a file or folder of the previous build in
 * its way is removed); reports the files under `root` the list does not name, and each file's MD5.
 */
export function updateFilesInWorker(root: string, files: [string, string][]): Promise<Update> {
  return run<Update>(UPDATE, { root, files }, files.length);
}
