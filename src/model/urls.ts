// The URL contract (docs/architecture.md#pages-and-urls). Paths here are base-free; `withBase` adds the deploy sub-path.
import type { Lang } from '../schemas/content';

export const paths = {
  home: (lang: Lang) => `/${lang}/`,
  game: (lang: Lang, game: string) => `/${lang}/${game}/`,
  doc: (lang: Lang, game: string, doc: string) => `/${lang}/${game}/${doc}/`,
  entry: (lang: Lang, game: string, doc: string, entry: string) => `/${lang}/${game}/${doc}/${entry}/`,
  /** A document's official glossary (imported; docs/import.md). */
  glossary: (lang: Lang, game: string, doc: string) => `/${lang}/${game}/${doc}/glossary/`,
  /** An entry's history across the imported editions (docs/architecture.md#editions). */
  history: (lang: Lang, game: string, doc: string, entry: string) => `/${lang}/${game}/${doc}/${entry}/history/`,
  /** What one imported edition changed against the edition before. */
  changes: (lang: Lang, game: string, doc: string, edition: string) => `/${lang}/${game}/${doc}/changes/${edition}/`,
  short: (game: string, id: string) => `/r/${game}/${id}/`,
  /** A short link pinned to what `id` meant in `edition` (src/model/pinned.ts). */
  pinned: (game: string, id: string, edition: string) => `/r/${game}/${id}@${edition}/`,
  apiIndex: (game: string) => `/api/${game}/index.json`,
  apiEntry: (game: string, doc: string, entry: string) => `/api/${game}/${doc}/${entry}.json`,
  /** A document's editions: the imported ones and each earlier numbering (old id → id now). */
  apiEditions: (game: string, doc: string) => `/api/${game}/${doc}/editions.json`,
  /** Each sub-rule of an entry in every imported edition. */
  apiHistory: (game: string, doc: string, entry: string) => `/api/${game}/${doc}/${entry}/history.json`,
};

/** Anchor of a sub-rule: the id itself, as published (`#702.33d`). */
export const anchor = (id: string) => `#${id}`;

export function withBase(path: string, base: string = import.meta.env.BASE_URL): string {
  const b = base.endsWith('/') ? base.slice(0, -1) : base;
  return `${b}${path}`;
}

/** Absolute URL for canonical links, Open Graph and quotes. */
export function absolute(path: string, site: URL | string | undefined, base?: string): string {
  return new URL(withBase(path, base), site ?? 'http://localhost:4321').href;
}
