// Work the pages hand to a second thread during a build, so the renderer's one thread keeps
// rendering: the graph layouts (src/model/graph/site-graphs.ts) and the code highlighting of the
// API page (src/render/code.ts). Both are pure functions of plain data, so the worker runs the same
// source files and gives the same bytes (docs/benchmarks.md, "Work off the renderer's thread").
//
// The worker imports the TypeScript sources themselves (Node strips their types: they must use
// only erasable syntax and import their relative modules with the `.ts` extension, as the graph
// modules do). The build integration enables it at astro:build:start with the project root
// (src/integrations/taiyaku.ts) and stops it when the pages are done; anywhere else (the dev
// server, tests, the worker itself) `offload` returns undefined and the caller computes in place.
//
// Why a process-global: the integration and the pages are two module graphs in one process (as
// src/content/site-store.ts explains), so they meet on one `Symbol.for` slot.
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Graph } from '../model/graph/build.ts';
import { layout, type Layout, type LayoutOptions } from '../model/graph/layout.ts';

/** The modules the worker may run, by name: project-relative paths of their TypeScript sources. */
export const OFFLOADED = {
  layout: 'src/model/graph/layout.ts',
  code: 'src/render/code.ts',
} as const;
export type OffloadedModule = keyof typeof OFFLOADED;

interface Pending { resolve: (value: unknown) => void; reject: (error: Error) => void }
interface Slot {
  worker: Worker | undefined;
  root: string | undefined;
  next: number;
  pending: Map<number, Pending>;
  /** Calls answered, for the build's log. */
  calls: number;
}

// Plain CommonJS, evaluated as is (the integration and the pages are bundled, so a worker file of
// ours would not be where a path says): it imports each module once and answers calls in order.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = new Map();
const load = (name) => {
  let m = loaded.get(name);
  if (!m) { m = import(workerData.modules[name]); loaded.set(name, m); }
  return m;
};
parentPort.on('message', async ({ id, module, fn, args }) => {
  try {
    const m = await load(module);
    if (typeof m[fn] !== 'function') throw new Error('taiyaku: ' + module + ' has no function ' + fn);
    const value = await m[fn](...args);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.stack) || error) });
  }
});
`;

const KEY = Symbol.for('taiyaku.offload');
const slot = (): Slot => {
  const g = globalThis as { [KEY]?: Slot };
  g[KEY] ??= { worker: undefined, root: undefined, next: 0, pending: new Map(), calls: 0 };
  return g[KEY];
};

function start(s: Slot, root: string): Worker {
  const modules = Object.fromEntries(Object.entries(OFFLOADED).map(([name, rel]) => [name, pathToFileURL(join(root, rel)).href]));
  const worker = new Worker(WORKER, { eval: true, workerData: { modules } });
  worker.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
    const p = s.pending.get(id);
    s.pending.delete(id);
    s.calls += 1;
    if (s.pending.size === 0) worker.unref();
    if (error !== undefined) p?.reject(new Error(`taiyaku: the build's second thread failed: ${error}`));
    else p?.resolve(value);
  });
  const fail = (error: Error) => {
    for (const p of s.pending.values()) p.reject(error);
    s.pending.clear();
    if (s.worker === worker) s.worker = undefined;
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`taiyaku: the build's second thread stopped (exit code ${code})`)));
  worker.unref();
  return worker;
}

export const offload = {
  /**
   * Builds only: from now on `run` hands calls to a worker thread that loads the modules from
   * `root` (the project folder).
   */
  enable(root: string): void {
    const s = slot();
    s.root = root;
    s.worker ??= start(s, root);
  },

  /** The worker's answer to `module.fn(...args)`, or undefined when there is no worker (compute in place). */
  run<T>(module: OffloadedModule, fn: string, args: unknown[]): Promise<T> | undefined {
    const s = slot();
    if (!s.root) return undefined;
    s.worker ??= start(s, s.root);
    const worker = s.worker;
    const id = s.next++;
    return new Promise<T>((resolve, reject) => {
      s.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, module, fn, args });
    });
  },

  /**
   * Stops the worker (the pages are done); later calls compute in place. Returns the calls it
   * answered and the milliseconds its thread was busy (its event loop's active time).
   */
  async stop(): Promise<{ calls: number; busyMs: number }> {
    const s = slot();
    const { worker, calls } = s;
    s.root = undefined;
    s.worker = undefined;
    s.calls = 0;
    const busyMs = worker ? worker.performance.eventLoopUtilization().active : 0;
    if (worker) await worker.terminate();
    return { calls, busyMs };
  },
};

/**
 * A graph's layout, by the build's second thread when there is one, else here: the same function
 * either way (`layout` reads only the graph's game, nodes and edges, so only those cross).
 */
export const laidOut = (graph: Graph, opts: LayoutOptions): Layout | Promise<Layout> =>
  offload.run<Layout>('layout', 'layout', [{ game: graph.game, nodes: graph.nodes, edges: graph.edges }, opts]) ?? layout(graph, opts);
