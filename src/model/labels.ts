// How a link target is named in running UI: id plus title, in the interface language and the other.
import type { Lang } from '../schemas/content';
import type { Target } from './types';
import { paths } from './urls';

export interface TargetLabel {
  id: string;
  /** Rule numbers are shown to readers; glossary slugs are not (the title says it). */
  numbered: boolean;
  title: Record<Lang, string>;
  href?: string;
}

const isNumbered = (id: string) => /^\d/.test(id);

export function labelOf(target: Target, lang: Lang): TargetLabel {
  if (target.kind === 'planned') return { id: target.id, numbered: isNumbered(target.id), title: target.title };
  const e = target.entry;
  const href = paths.entry(lang, e.game, e.doc, e.id) + (target.kind === 'rule' ? `#${target.id}` : '');
  const sub = target.kind === 'rule' ? target.rule.title : undefined;
  return {
    id: target.id,
    numbered: isNumbered(target.id),
    title: { ja: sub?.ja ?? e.data.title.ja, en: sub?.en ?? e.data.title.en },
    href,
  };
}

/** A source version as shown to readers: a plain version string, or the reader's language of a described one. */
export const versionText = (version: string | Record<Lang, string> | undefined, lang: Lang): string | undefined =>
  typeof version === 'string' || version === undefined ? version : version[lang];
