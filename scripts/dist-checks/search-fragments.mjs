// The search bundles' fragments (docs/search.md#fragment-groups): every page a bundle's metadata
// lists has its fragment, in its own file or in the group file the metadata names for it, and every
// file under fragment/ is one the client can ask for (a page's, a group, or a block a long page's
// head names): a missing one is a result without its title and excerpt, an orphan only counts
// against the host's file limit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readPagefindFile } from '../../src/integrations/pagefind-chunks.ts';

const SIGNATURE = 'pagefind_dcd';

/** A fragment or group file's JSON, or a problem. */
function json(path) {
  const raw = gunzipSync(readFileSync(path));
  if (raw.subarray(0, SIGNATURE.length).toString() !== SIGNATURE) throw new Error('not a Pagefind file');
  return JSON.parse(raw.subarray(SIGNATURE.length).toString('utf8'));
}

export default {
  name: 'search-fragments',
  site(site) {
    const langs = [...new Set(site.files.map((f) => /^pagefind\/([^/]+)\/pagefind-entry\.json$/.exec(f)?.[1]).filter(Boolean))];
    for (const lang of langs) {
      const dir = `pagefind/${lang}`;
      const say = (msg) => site.problems.push(`${dir}/: ${msg}`);
      try {
        const entry = JSON.parse(readFileSync(join(site.dist, dir, 'pagefind-entry.json'), 'utf8'));
        const hash = entry.languages?.[lang]?.hash;
        const metaFile = join(site.dist, dir, `pagefind.${hash}.pf_meta`);
        const pages = readPagefindFile(metaFile, readFileSync(metaFile))[1];
        const files = new Set(site.files.filter((f) => f.startsWith(`${dir}/fragment/`)).map((f) => f.slice(`${dir}/fragment/`.length).replace(/\.pf_fragment$/, '')));
        const used = new Set();
        const groups = new Map();
        const heads = [];
        for (const [page, , group] of pages) {
          if (group) {
            if (!files.has(group)) { say(`page ${page}: its group ${group} has no file`); continue; }
            if (!groups.has(group)) groups.set(group, json(join(site.dist, dir, 'fragment', `${group}.pf_fragment`)));
            const f = groups.get(group)[page];
            if (!f) say(`page ${page}: not in its group ${group}`);
            else heads.push(f);
            used.add(group);
          } else if (!files.has(page)) say(`page ${page}: no fragment file`);
          else { used.add(page); heads.push(json(join(site.dist, dir, 'fragment', `${page}.pf_fragment`))); }
        }
        for (const h of heads) for (const [, block] of h.taiyaku?.blocks ?? []) {
          if (!files.has(block)) say(`${h.url}: its text block ${block} has no file`);
          used.add(block);
        }
        for (const f of files) if (!used.has(f)) say(`fragment/${f}.pf_fragment: no page, group or text block of the index names it`);
      } catch (error) {
        say(`the search bundle could not be read: ${error.message}`);
      }
    }
  },
};
