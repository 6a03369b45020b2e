// What a graph node is called and where it leads, in the page language (the other beside it).
import type { GroupInfo, GraphNode } from '../model/graph/build';
import type { PlacedNode } from '../model/graph/layout';
import type { Game } from '../model/site-model';
import type { Lang } from '../schemas/content';
import { paths, withBase } from '../model/urls';
import { otherLang, t } from '../i18n';
import type { NodeText } from './graph-svg';

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** A group's name: its title from content when there is one, else "Section 7xx" / "Rule 702". */
export function groupName(g: GroupInfo, game: Game, lang: Lang): string {
  if (g.level === 'doc') return game.docs.find((d) => d.id === g.key)?.data.title[lang] ?? g.key;
  if (g.level === 'letter') {
    const doc = game.docs.find((d) => d.id === g.prefix[0])?.data.title[lang] ?? g.prefix[0] ?? '';
    return t(lang, 'graph.group.letter', { doc, letter: g.label });
  }
  const plain = t(lang, g.level === 'section' ? 'graph.group.section' : 'graph.group.rule', { label: g.label });
  return g.title ? `${g.label} ${g.title[lang]}` : plain;
}

export const groupHref = (lang: Lang, game: string, g: GroupInfo | null) => withBase(`/${lang}/${game}/graph/${g ? `${g.key}/` : ''}`);

/** The name of a node in one language: `702.33 Kicker`, a glossary title, or a group name. */
export function nodeName(n: GraphNode, game: Game, lang: Lang): string {
  if (n.group) return groupName(n.group, game, lang);
  return `${n.numbered ? `${n.id} ` : ''}${n.title[lang]}`;
}

export function nodeHref(n: GraphNode, game: Game, lang: Lang): string | undefined {
  if (n.group) return groupHref(lang, game.id, n.group);
  if (n.kind === 'entry' && n.doc) return withBase(paths.entry(lang, game.id, n.doc, n.id));
  return undefined;
}

export function nodeText(game: Game, lang: Lang) {
  const other = otherLang(lang);
  return (n: PlacedNode): NodeText => {
    const here = nodeName(n, game, lang);
    const there = nodeName(n, game, other);
    const extra = n.kind === 'planned' ? ` (${t(lang, 'entry.planned')})` : n.group ? ` — ${t(lang, 'doc.entries', { n: n.size })}` : '';
    const label = n.group
      ? `${n.group.level === 'doc' || n.group.level === 'letter' ? clip(here, lang === 'ja' ? 12 : 22) : n.group.label} (${n.size})`
      : clip(here, lang === 'ja' ? 14 : 26);
    return { label, title: `${here}${there !== here ? ` / ${there}` : ''}${extra}`, href: nodeHref(n, game, lang) };
  };
}
