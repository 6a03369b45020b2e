#!/usr/bin/env node
// Serves a built site the way a static host does — under the deploy base, `dir/` → `dir/index.html`,
// `dir` → 301 `dir/`, unknown paths → 404.html — and sends the headers in dist/_headers (Netlify's and
// Cloudflare Pages' format), so browser tests load the pages under exactly the headers a host would
// send (the Content-Security-Policy, docs/deploy.md).
// usage: SITE_BASE=/taiyaku/ node scripts/serve-dist.mjs [dist] [port]
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.xml': 'application/xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8', '.wasm': 'application/wasm', '.webmanifest': 'application/manifest+json',
};

/** Rules of a _headers file: [{ pattern: RegExp, headers: [name, value][] }], in file order. */
export function parseHeadersFile(text) {
  const rules = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const source = raw.trim().split('').map((c) => (c === '*' ? '.*' : c.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('').replace(/:[A-Za-z]\w*/g, '[^/]+');
      rules.push({ path: raw.trim(), pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const m = /^\s+([^:\s]+):\s*(.*)$/.exec(raw);
    if (!m || !rules.length) throw new Error(`_headers: cannot read the line ${JSON.stringify(raw)}`);
    rules.at(-1).headers.push([m[1], m[2]]);
  }
  return rules;
}

/**
 * The headers for one request path (several matching rules: later values of a name are appended, as Netlify does).
 * @returns {Record<string, string>} lower-case names → values
 */
export function headersFor(rules, path) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
    }
  }
  return out;
}

/** Starts a server for `dist` under `base`; resolves to { url, close }. Port 0 picks a free one. */
export function serveDist({ dist = 'dist', base = '/', port = 0, host = '127.0.0.1' } = {}) {
  const root = resolve(dist);
  const b = base.endsWith('/') ? base : `${base}/`;
  const headersPath = join(root, '_headers');
  const rules = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : [];
  const fileAt = (rel) => {
    const p = normalize(join(root, rel));
    return p.startsWith(root) && existsSync(p) && statSync(p).isFile() ? p : undefined;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path;
    try { path = decodeURIComponent(url.pathname); } catch { path = url.pathname; }
    const send = (status, file, extra = {}) => {
      res.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headersFor(rules, path), ...extra });
      res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
    };
    if (!path.startsWith(b) && `${path}/` !== b) {
      const nf = fileAt('404.html');
      return nf ? send(404, nf) : (res.writeHead(404), res.end());
    }
    const rel = path.slice(b.length - 1);
    if (rel.endsWith('/') || rel === '') {
      const index = fileAt(join(rel, 'index.html'));
      if (index) return send(200, index);
    } else {
      const file = fileAt(rel);
      if (file) return send(200, file);
      if (fileAt(join(rel, 'index.html'))) {
        res.writeHead(301, { location: `${path}/${url.search}`, ...headersFor(rules, path) });
        return res.end();
      }
    }
    const nf = fileAt('404.html');
    return nf ? send(404, nf) : (res.writeHead(404), res.end());
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const address = server.address();
      done({ url: `http://${host}:${typeof address === 'object' && address ? address.port : port}`, close: () => new Promise((c) => server.close(() => c(undefined))) });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { url } = await serveDist({ dist: process.argv[2] ?? 'dist', base: process.env.SITE_BASE ?? '/', port: Number(process.argv[3] ?? 4329) });
  console.log(`serving ${process.argv[2] ?? 'dist'} at ${url}${process.env.SITE_BASE ?? '/'} with its _headers`);
}
