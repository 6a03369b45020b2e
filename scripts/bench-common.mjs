// What the benchmark scripts share: a static server that compresses like a static host and logs
// every response's size on the wire, the Chromium they open pages in, and a child's peak memory.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.xml': 'application/xml', '.txt': 'text/plain', '.wasm': 'application/wasm' };
const compressible = (t) => /^text\/|json|svg|xml|javascript/.test(t);

/**
 * A gzip static server for `dir` under `prefix` (unknown paths get 404.html with status 404) that
 * logs every response: when, the path, the bytes sent and whether the service worker asked for it.
 */
export function serve(dir, prefix = '/') {
  const log = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let rel = decodeURIComponent(url.pathname);
    if (!rel.startsWith(prefix)) { res.writeHead(404); res.end(); return; }
    rel = normalize(rel.slice(prefix.length)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, rel);
    let s = await stat(file).catch(() => null);
    if (s?.isDirectory()) { file = join(file, 'index.html'); s = await stat(file).catch(() => null); }
    if (!s) file = join(dir, '404.html');
    const body = await readFile(file).catch(() => Buffer.alloc(0));
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const gz = compressible(type) && /gzip/.test(String(req.headers['accept-encoding']));
    const out = gz ? gzipSync(body) : body;
    res.writeHead(s ? 200 : 404, { 'content-type': type, 'cache-control': 'no-cache', ...(gz ? { 'content-encoding': 'gzip' } : {}) });
    res.end(out);
    log.push({ at: Date.now(), path: url.pathname + url.search, bytes: out.length, sw: req.headers['service-worker'] === 'script' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, log, port: server.address().port })));
}

/** Debian's Chromium with nothing of its own in the background (no downloads, sync or QUIC). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Polls a child's peak resident memory (VmHWM) from /proc until it exits: `stop()` ends it and gives MB. */
export function watchPeakMemory(child) {
  let peakKb = 0;
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch { /* exited */ }
  }, 50);
  return { stop: () => { clearInterval(poll); return peakKb / 1024; } };
}

/** Runs a command to its end, keeping what it prints: its wall seconds, its peak memory (MB) and its output; rejects on a failure with the output's end. */
export function timedRun(command, args, env = {}) {
  const started = process.hrtime.bigint();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const memory = watchPeakMemory(child);
    child.on('exit', (code) => {
      const peakMb = memory.stop();
      const secs = Number(process.hrtime.bigint() - started) / 1e9;
      // The whole output rides on the error, for a script that reports what a failed run said.
      if (code !== 0) reject(Object.assign(new Error(`${command} ${args.join(' ')} failed (${code}):\n${out.slice(-3000)}`), { out }));
      else resolvePromise({ secs, peakMb, out });
    });
  });
}
