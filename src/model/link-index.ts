// The link index: every edge between entries — authored "See also" and "See" lists, explicit
// [[id]] links and inline rule references found by the reference grammar — with backlinks and the
// references that point at nothing (reported at build, rendered as marked plain text).
import type { IdStyle } from './ids';
import type { Edge, Entry, LinkIndex, Target, UnresolvedRef } from './types';

export type { Edge, EdgeKind, LinkIndex, UnresolvedRef } from './types';
import { findRefs } from './refs';
import { findWikiLinks } from './wiki-links';
import { entryTexts } from './entry-texts';

/** What the grammar should not look inside: inline code, explicit links, Markdown link targets. */
export const maskForRefs = (text: string) =>
  text.replace(/`[^`]*`|\[\[[^\]]*\]\]|\]\([^)]*\)/g, (m) => ' '.repeat(m.length));

/** The id one level up: 104.3a → 104.3 → 104; 6.1.3 → 6.1. */
export function parentId(id: string, style: IdStyle): string | undefined {
  if (style === 'mtg') return /[a-z]$/.test(id) ? id.slice(0, -1) : id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : undefined;
  return id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : undefined;
}

/** A reference to a rule the site lacks lands on the nearest ancestor it has (written or planned). */
export function resolveNearest(game: string, id: string, style: IdStyle, resolve: (game: string, id: string) => Target | undefined): Target | undefined {
  for (let at: string | undefined = id; at; at = parentId(at, style)) {
    const t = resolve(game, at);
    if (t) return t;
  }
  return undefined;
}

const entryKey = (e: Entry) => `${e.game}/${e.doc}/${e.id}`;

export function buildLinkIndex(
  entries: Entry[],
  resolve: (game: string, id: string) => Target | undefined,
  refStyle: (game: string) => IdStyle,
): LinkIndex {
  const out = new Map<string, Edge[]>();
  const into = new Map<string, Edge[]>();
  const unresolved: UnresolvedRef[] = [];
  const seen = new Set<string>();

  const add = (edge: Edge) => {
    const target = edge.to.kind === 'planned' ? `planned:${edge.to.id}` : entryKey(edge.to.entry);
    const dedupe = `${edge.kind}|${entryKey(edge.from)}|${edge.fromRule ?? ''}|${edge.to.game}:${edge.to.id}`;
    if (seen.has(dedupe)) return;
    seen.add(dedupe);
    const key = entryKey(edge.from);
    out.set(key, [...(out.get(key) ?? []), edge]);
    if (edge.to.kind !== 'planned' && target !== key) into.set(target, [...(into.get(target) ?? []), edge]);
  };

  for (const entry of entries) {
    for (const [kind, ids] of [['see-also', entry.data.seeAlso], ['see', entry.data.see]] as const) {
      for (const id of ids) {
        const to = resolve(entry.game, id);
        if (to) add({ kind, from: entry, to });
      }
    }
    const style = refStyle(entry.game);
    for (const { field, ruleId, text, file } of entryTexts(entry.data)) {
      const from = ruleId !== undefined && ruleId !== entry.id ? { fromRule: ruleId } : {};
      for (const link of findWikiLinks(text)) {
        const to = resolve(entry.game, link.id);
        if (to) add({ kind: 'link', from: entry, ...from, to });
      }
      for (const m of findRefs(maskForRefs(text), style)) {
        for (const id of m.ids) {
          const to = resolveNearest(entry.game, id, style, resolve);
          if (to) add({ kind: 'ref', from: entry, ...from, to });
          else unresolved.push({ file: file ?? entry.file, field, ...(ruleId ? { ruleId } : {}), text: m.text, id });
        }
      }
    }
  }

  return {
    outgoing: (e) => out.get(entryKey(e)) ?? [],
    incoming: (e) => into.get(entryKey(e)) ?? [],
    edges: (game) => [...out.values()].flat().filter((e) => e.from.game === game),
    unresolved,
  };
}
