// Writes many small files from a worker thread. Short links are thousands of tiny files: written from
// the main thread after the pages, they held up the search index (both compete for the disk and the
// CPU); from the main thread during rendering, the promise traffic slowed the pages. A worker writing
// synchronously uses the idle share of the second core while the pages render (docs/benchmarks.md).
import { Worker } from 'node:worker_threads';

// Plain CommonJS, evaluated as is: the integration is bundled by Astro's config loader, so a worker
// file next to this one would not be found at run time.
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
for (const [file, text] of workerData) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
parentPort.postMessage(workerData.length);
`;

/** Writes each [absolute path, text] pair, creating folders as needed; resolves with the count. */
export function writeFilesInWorker(files: [string, string][]): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: files });
    let done = false;
    worker.once('message', (count: number) => { done = true; resolve(count); });
    worker.once('error', (error) => reject(new Error(`writing ${files.length} files failed: ${error.message}`)));
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`the file-writing worker stopped (exit code ${code}) before writing ${files.length} files`));
    });
  });
}
