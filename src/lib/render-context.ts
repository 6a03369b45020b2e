// How [[id]] links inside a text resolve: href in the interface language, label in the text's own.
import type { Lang } from '../schemas/content';
import type { RenderContext } from './markdown';
import type { SiteModel } from './model';
import { labelOf } from './labels';
import { withBase } from './urls';

export type LinkContext = (textLang: Lang) => RenderContext;

export function linkContext(site: SiteModel, game: string, ui: Lang): LinkContext {
  const make = (textLang: Lang): RenderContext => ({
    key: `${game}:${ui}:${textLang}`,
    resolve: (id) => {
      const target = site.resolve(game, id);
      if (!target) return undefined;
      const label = labelOf(target, ui);
      return { href: label.href && withBase(label.href), label: label.title[textLang] };
    },
  });
  const byLang = { ja: make('ja'), en: make('en') };
  return (textLang) => byLang[textLang];
}
