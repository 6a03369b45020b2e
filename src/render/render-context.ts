// How [[id]] links inside a text resolve. Hrefs are relative to the entry page, so one rendering
// serves both interface languages and any deploy base; the label is in the text's own language.
import type { Lang } from '../schemas/content';
import type { RenderContext } from './markdown/pipeline';
import type { SiteModel } from '../model/site-model';
import { labelOf } from '../model/labels';
import { resolveNearest } from '../model/link-index';

export type LinkContext = (textLang: Lang) => RenderContext;

/** `target` relative to the entry page `/{lang}/{game}/{doc}/{entry}/` (both base-free, same game). */
export function relativeHref(from: { doc: string; entry: string }, to: { doc: string; entry: string; id?: string }): string {
  const hash = to.id && to.id !== to.entry ? `#${to.id}` : '';
  if (to.doc === from.doc && to.entry === from.entry) return hash || './';
  if (to.doc === from.doc) return `../${to.entry}/${hash}`;
  return `../../${to.doc}/${to.entry}/${hash}`;
}

export function linkContext(site: SiteModel, game: string, from: { doc: string; entry: string }): LinkContext {
  const style = site.games.find((g) => g.id === game)?.data.idStyle ?? 'slug';
  const terms = site.games.find((g) => g.id === game)?.terms ?? [];
  // A term's definition: its defining entry when written, else its row in the dictionary.
  const termHref = (termId: string) => {
    const term = terms.find((t) => t.id === termId);
    const target = term?.entries[0] ? site.resolve(game, term.entries[0]) : undefined;
    if (target && target.kind !== 'planned') {
      const to = { doc: target.entry.doc, entry: target.entry.id, id: target.id };
      return { href: relativeHref(from, to), ref: `${to.doc}/${to.entry}#${to.id}` };
    }
    return term ? { href: `../../terms/#${termId}` } : undefined;
  };
  const make = (textLang: Lang): RenderContext => ({
    key: `${game}:${from.doc}/${from.entry}:${textLang}`,
    resolve: (id) => {
      const target = site.resolve(game, id);
      if (!target) return undefined;
      const label = labelOf(target, textLang).title[textLang];
      if (target.kind === 'planned') return { label };
      const to = { doc: target.entry.doc, entry: target.entry.id, id: target.id };
      return { href: relativeHref(from, to), label, ref: `${to.doc}/${to.entry}#${to.id}` };
    },
    style,
    terms: { find: site.termFinder(game, textLang), href: termHref },
    resolveRef: (id) => {
      const target = resolveNearest(game, id, style, site.resolve);
      if (!target) return { kind: 'missing' };
      if (target.kind === 'planned') return { kind: 'planned' };
      const to = { doc: target.entry.doc, entry: target.entry.id, id: target.id };
      return { kind: 'link', href: relativeHref(from, to), ref: `${to.doc}/${to.entry}#${to.id}` };
    },
  });
  const byLang = { ja: make('ja'), en: make('en') };
  return (textLang) => byLang[textLang];
}
