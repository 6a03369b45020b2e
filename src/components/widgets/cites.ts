// The rules a simulator may cite, as links in the page language. Built at build time from the site
// model: every id of each entry the engine's worked examples cite, so a scenario the reader makes
// up (which may cite another step of the same entry) still gets its link. Ids that are planned or
// unknown are left out: the widget shows them as plain text, never as a dead link.
import type { SiteModel } from '~/model/site-model';
import { labelOf } from '~/model/labels';
import { withBase } from '~/model/urls';
import type { Lang } from '~/schemas/content';
import type { Cites } from '~/widgets/render';

export function citeTable(site: SiteModel, game: string, cited: Iterable<string>, lang: Lang): Cites {
  const pages: [string, string][] = [];
  const ids: Record<string, [number, 0 | 1, string?]> = {};
  const seen = new Set<string>();
  for (const id of cited) {
    const t = site.resolve(game, id);
    if (t === undefined || t.kind === 'planned' || seen.has(t.entry.id)) continue;
    seen.add(t.entry.id);
    const e = t.entry;
    const page = pages.push([withBase(labelOf({ kind: 'entry', game, id: e.id, entry: e }, lang).href ?? ''), e.data.title[lang]]) - 1;
    for (const rid of new Set([e.id, ...e.data.rules.map((r) => r.id)])) {
      const target = site.resolve(game, rid);
      if (target === undefined || target.kind === 'planned') continue;
      const anchored = labelOf(target, lang).href?.includes('#') === true ? 1 : 0;
      const sub = target.kind === 'rule' && rid !== e.id ? target.rule.title?.[lang] : undefined;
      ids[rid] = sub === undefined ? [page, anchored] : [page, anchored, sub];
    }
  }
  return { pages, ids };
}
