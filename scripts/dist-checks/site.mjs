// What every output check shares: the build folder's files, the policy it ships, and `checkUrl`,
// which says what a URL found somewhere in the output may do (what the browser does with it).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file under dir, as dist-relative paths with forward slashes. */
export function walk(dir, root = dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, root, out);
    else out.push(relative(root, p).split(sep).join('/'));
  }
  return out;
}

/** The dist file a base-free URL path serves, or undefined. */
export function fileFor(dist, path) {
  const clean = decodeURIComponent(path.split('#')[0].split('?')[0]);
  const candidates = clean.endsWith('/') ? [`${clean}index.html`] : [clean, `${clean}/index.html`, `${clean}.html`];
  return candidates.map((c) => c.replace(/^\//, '')).find((c) => existsSync(join(dist, c)) && statSync(join(dist, c)).isFile());
}

/** `{ directives: Map<name, sources[]>, text }` from dist/_headers (the rule for /*), or undefined when there is none. */
export function policyOf(dist) {
  const file = join(dist, '_headers');
  if (!existsSync(file)) return undefined;
  let inAll = false;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) { inAll = line.trim() === '/*'; continue; }
    const m = /^\s+content-security-policy:\s*(.*)$/i.exec(line);
    if (inAll && m) {
      const directives = new Map(m[1].split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name.toLowerCase(), sources]));
      return { directives, text: m[1].trim() };
    }
  }
  return undefined;
}

export const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** 'site' and 'other-host' for references without a scheme; otherwise the scheme (`https`, `javascript`, `data`, `mailto`, …). */
export function schemeOf(url) {
  try {
    const a = new URL(url, 'http://one.invalid/a/');
    const b = new URL(url, 'https://two.invalid/b/');
    if (a.href !== b.href) return a.host === 'one.invalid' ? 'site' : 'other-host';
    return a.protocol.slice(0, -1);
  } catch {
    return 'invalid';
  }
}

/**
 * The context the checks share for one run over `dist` under `base`: the files, the policy, every
 * page's ids (for anchors) and the internal links to resolve once all are known.
 */
export function siteContext(dist, base, problems) {
  const files = walk(dist);
  const policy = policyOf(dist);
  /** Links to resolve once every page's ids are known: [say, pageUrl, url]. */
  const internal = [];
  return {
    dist,
    base: base.endsWith('/') ? base : `${base}/`,
    files,
    policy,
    metaPolicy: policy && [...policy.directives].filter(([name]) => name !== 'frame-ancestors').map(([n, s]) => [n, ...s].join(' ')).join('; '),
    scriptSrc: policy && new Set(policy.directives.get('script-src') ?? policy.directives.get('default-src') ?? []),
    ids: new Map(),
    internal,
    problems,
    /**
     * One URL found at `where`. `kind`: 'fetch' (the browser requests it by itself: must stay on the
     * site), 'connect' (preconnect: must name another origin, and it then is one), 'link' (a reader
     * may follow it: must resolve, may leave the site), 'stay' (the browser goes there without a
     * click, or sends the reader's input there: a refresh, a form: must stay on the site).
     */
    checkUrl(say, pageUrl, url, kind, where) {
      if (url === undefined) return;
      const trimmed = url.trim();
      if (!trimmed) return;
      const scheme = schemeOf(trimmed);
      if (scheme === 'site') {
        if (kind === 'connect') say(`${where} points at the site itself: ${url}`);
        else internal.push([say, pageUrl, trimmed]);
        return;
      }
      if (scheme === 'http' || scheme === 'https' || scheme === 'other-host') {
        if (kind === 'stay') say(`leaves the site: ${where} ${url} (a refresh or a form goes where the site is, never to another origin)`);
        else if (kind !== 'link') say(`requests another origin: ${where} ${url}`);
        else if (scheme === 'other-host') say(`link without a scheme to another host: ${where} ${url}`);
        return;
      }
      if (scheme === 'mailto' || scheme === 'tel') {
        if (kind !== 'link' && kind !== 'stay') say(`${where} cannot load a ${scheme}: URL: ${url}`);
        return;
      }
      say(`${scheme === 'invalid' ? 'invalid' : `${scheme}:`} URL in ${where}: ${url.slice(0, 80)}`);
    },
  };
}
