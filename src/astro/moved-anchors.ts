// The anchors that moved off a page that stays, for the page layout (Base.astro).
import { contentRedirects } from '../content/redirects-file';
import { splitPath } from '../model/redirects';

let cached: { dir: string; byPage: Map<string, Record<string, string>> } | undefined;
/**
 * For the page layout: the anchors that moved off the page at `path` (base-free), with their new
 * places. Read from the content folder's redirects.yaml once per build; the build has already
 * refused the file if it has problems (then no page gets a map).
 */
export function movedAnchorsFor(path: string, dir = process.env.TAIYAKU_CONTENT ?? 'content'): Record<string, string> {
  if (cached?.dir !== dir) {
    const rules = contentRedirects(dir);
    const byPage = new Map<string, Record<string, string>>();
    if (!rules.problems.length) {
      for (const r of rules.byFrom.values()) {
        const { page, anchor } = splitPath(r.from);
        if (anchor !== undefined) byPage.set(page, { ...byPage.get(page), [anchor]: r.final });
      }
    }
    cached = { dir, byPage };
  }
  return cached.byPage.get(path) ?? {};
}
