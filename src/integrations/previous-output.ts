// Duty: the previous build's output, cleared without holding the build up. Astro empties the output
// folder before it bundles, synchronously; on this kind of disk (ext4 mounted with `discard`) removing
// the 29,000 entries of a yardstick build's output took 25–50 s once the disk had written them, more
// than the rest of the build (docs/benchmarks.md, "The previous output"). So the integration turns
// Astro's emptying off (`vite.build.emptyOutDir: false`) and does it itself:
// - `/r/` (the short and pinned links, nine entries in ten) stays where it is: the short-link duty
//   rewrites only the files whose bytes changed (src/integrations/write-files.ts), and what no
//   writer of this build wrote there is removed before anything reads the folder (`removeLeftovers`);
// - everything else but `.git` (which Astro keeps too) is renamed into one folder inside the output
//   (instant) and deleted by a worker thread while the pages render; the build waits for it before
//   it reads its own output, so nothing of the previous build is ever read, counted or deployed.
// A build that stops half-way leaves that folder; the next build deletes it with the rest.
import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Kept in place: Astro's own exception (a deploy branch checked out in the output folder). */
const KEEP = new Set(['.git']);
/** Reused in place: the short and pinned links (src/integrations/short-links.ts). */
export const REUSED = 'r';
/** The folder the previous output is moved into while it is deleted (never read, never deployed). */
export const TRASH = '.taiyaku-previous';

const DELETE = `
const { workerData, parentPort } = require('node:worker_threads');
require('node:fs').rmSync(workerData, { recursive: true, force: true, maxRetries: 3 });
parentPort.postMessage('done');
`;

export interface Clearing {
  /** Top-level entries moved aside (each deleted with everything in it). */
  moved: number;
  /** Whether `/r/` of the previous build is there to be reused. */
  reused: boolean;
  /** Resolves when the previous output is gone, with the milliseconds it took from the start. */
  gone: Promise<number>;
}

/**
 * Moves the previous output out of the way (all but `.git` and `/r/`) and starts deleting it in a
 * worker. An entry that cannot be renamed is deleted here, as Astro would have.
 */
export function clearPreviousOutput(outDir: string): Clearing {
  const t0 = performance.now();
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { moved: 0, reused: false, gone: Promise.resolve(0) };
    throw error;
  }
  const trash = join(outDir, `${TRASH}-${process.pid}-${Date.now()}`);
  mkdirSync(trash);
  let moved = 0;
  let reused = false;
  for (const name of names) {
    if (KEEP.has(name)) continue;
    const path = join(outDir, name);
    if (name === REUSED && lstatSync(path).isDirectory()) { reused = true; continue; }
    try {
      renameSync(path, join(trash, name));
    } catch {
      rmSync(path, { recursive: true, force: true, maxRetries: 3 });
    }
    moved++;
  }
  const gone = new Promise<number>((resolve, reject) => {
    const worker = new Worker(DELETE, { eval: true, workerData: trash });
    let done = false;
    worker.once('message', () => { done = true; resolve(performance.now() - t0); });
    worker.once('error', (error) => reject(new Error(`deleting the previous output (${trash}) failed: ${error.message}`)));
    worker.once('exit', (code) => { if (!done) reject(new Error(`the worker deleting the previous output (${trash}) stopped (exit code ${code})`)); });
  });
  gone.catch(() => undefined); // reported where it is awaited
  return { moved, reused, gone };
}

/**
 * Removes the files under `/r/` that no writer of this build wrote: of `leftovers` (relative to
 * `/r/`: what the previous build left there and the short-link duty did not write), those that are
 * not Astro's pages there (`written`) and were not written since the build started (`since`, ms since
 * the epoch), and the folders they leave empty. Returns the count.
 */
export function removeLeftovers(outDir: string, leftovers: readonly string[], written: ReadonlySet<string>, since: number): number {
  const root = join(outDir, REUSED);
  let removed = 0;
  for (const rel of leftovers) {
    if (written.has(rel)) continue;
    const file = join(root, rel);
    try {
      if (lstatSync(file).mtimeMs >= since) continue;
      unlinkSync(file);
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (let dir = dirname(file); dir.length > root.length; dir = dirname(dir)) {
      try { rmdirSync(dir); } catch { break; } // not empty: its other files stay
    }
  }
  return removed;
}
