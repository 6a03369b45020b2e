// The rows of a rule page as plain strings: a full rulebook page has dozens of sub-rules, and an
// Astro component per row, text and note cost more than the rest of the page together. The output
// is exactly what the components it replaced rendered (the build's HTML did not change by a byte).
// Note.astro wraps noteHtml for MDX (TlNote, Question).
import type { JaFollows, Lang, Note, Rule } from '../schemas/content';
import { t } from '../i18n';
import { escapeAttr, escapeHtml, fill } from './html';
import { renderMarkdown } from './markdown/pipeline';
import type { LinkContext } from './render-context';
import type { Renumbering, SubRule } from '../model/site-model';
import { textKey } from '../model/entry-texts';

// Text and attributes escaped as Astro does (src/render/html.ts).
const esc = escapeHtml;
const attr = escapeAttr;

/** One language's side of a pair. The page language's side comes first (`t-first`). */
export function textHtml(o: { lang: Lang; ui: Lang; md?: string | undefined; heading?: string | undefined; links?: LinkContext | undefined; terms?: Set<string> | undefined; extra?: string }): string {
  const order = o.lang === o.ui ? 't-first' : 't-second';
  const extra = o.extra ? ` ${attr(o.extra)}` : '';
  if (!o.md) return `<div class="txt missing t-${o.lang} ${order}${extra}" lang="${o.ui}"><p>${esc(t(o.ui, 'rule.missingText'))}</p></div>`;
  const heading = o.heading ? `<p class="rule-title">${esc(o.heading)}</p>` : '';
  // Each search bundle indexes its own language's pages and text (docs/search.md).
  const ignore = o.lang === o.ui ? '' : ' data-pagefind-ignore="all"';
  return `<div class="txt t-${o.lang} ${order}${extra}" lang="${o.lang}"${ignore}>${heading}${renderMarkdown(o.md, o.links?.(o.lang), o.terms)}</div>`;
}

/** 訳注 (translator's note) and 要確認 (open question): visible blocks, in both languages. */
export function noteHtml(note: Note, ui: Lang, links?: LinkContext, terms: Partial<Record<Lang, Set<string> | undefined>> = {}): string {
  const label = note.kind === 'tl' ? t(ui, 'note.tl') : t(ui, 'note.question');
  const sides = (['ja', 'en'] as const).toSorted((a) => (a === ui ? -1 : 1))
    .map((l) => (note[l] ? textHtml({ lang: l, ui, md: note[l], links, terms: terms[l] }) : '')).join('');
  return `<div class="note ${note.kind}" role="note" aria-label="${attr(label)}"><span class="note-kind"><span lang="ja">${note.kind === 'tl' ? '訳注' : '要確認'}</span>${ui === 'en' ? `<span> — ${esc(label)}</span>` : ''}</span><div class="pair">${sides}</div></div>`;
}

/** What the editions record says about one id (SiteModel.renumbering). */
export interface RowRenumbering { reused: Renumbering[]; formerly: Renumbering[] }

/**
 * A number that moved between editions, as a visible notice in both languages: on a number that
 * now holds another rule ("In …, 8.7 was Resist; that rule is now 8.8", linked), and on a rule
 * that had another number ("In …, this rule was numbered 8.7"). Left out of search: it names
 * other rules, and the page is found by its own text.
 */
// The template is ours, the values are content: escape both, then put the link in (the
// placeholders go through t() as themselves and survive escaping). A rulebook with a long history
// has thousands of these sentences, so each language's two templates are made once.
const renumberTemplates = new Map<string, string>();
function renumberTemplate(lang: Lang, key: 'renumber.reused' | 'renumber.formerly'): string {
  let template = renumberTemplates.get(`${lang}:${key}`);
  if (template === undefined) {
    const names = key === 'renumber.reused' ? ['edition', 'from', 'title', 'to'] : ['edition', 'from'];
    renumberTemplates.set(`${lang}:${key}`, template = esc(t(lang, key, Object.fromEntries(names.map((n) => [n, `{${n}}`])))));
  }
  return template;
}

export function renumberHtml(r: RowRenumbering, ui: Lang, links: LinkContext): string {
  const sentences = (lang: Lang) => {
    const sentence = (key: 'renumber.reused' | 'renumber.formerly', m: Renumbering) => {
      const template = renumberTemplate(lang, key);
      const href = links(lang)?.resolve(m.to)?.href;
      const values: Record<string, string> = {
        edition: esc(m.edition.title[lang]),
        from: esc(m.from),
        title: esc(m.title[lang]),
        to: href ? `<a href="${attr(href)}">${esc(m.to)}</a>` : esc(m.to),
      };
      return `<p>${fill(template, values, () => '')}</p>`;
    };
    return [...r.reused.map((m) => sentence('renumber.reused', m)), ...r.formerly.map((m) => sentence('renumber.formerly', m))].join('');
  };
  const order = (['ja', 'en'] as const).toSorted((a) => (a === ui ? -1 : 1));
  const sides = order.map((l) => `<div class="txt t-${l} ${l === ui ? 't-first' : 't-second'}" lang="${l}">${sentences(l)}</div>`).join('');
  const label = t(ui, 'renumber.label');
  return `<div class="note renumber" role="note" aria-label="${attr(label)}" data-pagefind-ignore="all"><span class="note-kind">${esc(label)}</span><div class="pair">${sides}</div></div>`;
}

/**
 * A sub-rule whose Japanese follows another English edition than the current one (docs/import.md#pairs):
 * the English changed since (linked to the rule's history, which shows the change), the rule is newer
 * than that edition (no Japanese yet), or what changed since is not known. Both languages, in the
 * pair layout, left out of search (the page is found by its own text). An unchanged rule says nothing.
 */
export function pairNoteHtml(f: JaFollows, ui: Lang, id: string, history: string | undefined): string {
  if (f.english === 'unchanged') return '';
  const key = f.english === 'changed' ? 'pair.changed' : f.english === 'added' ? 'pair.added' : 'pair.unknown';
  const sentence = (lang: Lang) => {
    const template = esc(t(lang, key, { edition: '{edition}', from: '{from}', history: '{history}' }));
    const values: Record<string, string> = {
      edition: esc(f.edition),
      from: f.from ? esc(t(lang, 'pair.from', { from: f.from })) : '',
      history: history ? `<a href="${attr(`${history}#${id}`)}">${esc(t(lang, 'pair.history'))}</a>` : esc(t(lang, 'pair.noHistory')),
    };
    return `<p>${fill(template, values, () => '')}</p>`;
  };
  const order = (['ja', 'en'] as const).toSorted((a) => (a === ui ? -1 : 1));
  const sides = order.map((l) => `<div class="txt t-${l} ${l === ui ? 't-first' : 't-second'}" lang="${l}">${sentence(l)}</div>`).join('');
  const label = t(ui, 'pair.label');
  return `<div class="note pair-edition" role="note" aria-label="${attr(label)}" data-pair="${attr(f.english)}" data-pagefind-ignore="all"><span class="note-kind">${esc(label)}</span><div class="pair">${sides}</div></div>`;
}

/**
 * One language's side of a row on a page that shows official text and explanations: the official
 * text first (its edition named for copy-as-quote), then Taiyaku's explanation under it, labelled in
 * that language (解説 / Explanation). Both are indexed by that language's search bundle.
 */
export function layeredTextHtml(o: { lang: Lang; ui: Lang; official?: string | undefined; explanation?: string | undefined; edition?: string | undefined; heading?: string | undefined; links?: LinkContext | undefined; terms: { official?: Set<string> | undefined; explanation?: Set<string> | undefined } }): string {
  if (!o.official && !o.explanation) return textHtml({ lang: o.lang, ui: o.ui });
  const order = o.lang === o.ui ? 't-first' : 't-second';
  const heading = o.heading ? `<p class="rule-title">${esc(o.heading)}</p>` : '';
  const ignore = o.lang === o.ui ? '' : ' data-pagefind-ignore="all"';
  const official = o.official
    ? `<div class="official"${o.edition ? ` data-edition="${attr(o.edition)}"` : ''}>${renderMarkdown(o.official, o.links?.(o.lang), o.terms.official)}</div>`
    : '';
  const explanation = o.explanation
    ? `<div class="explanation"><p class="layer-label" data-pagefind-ignore>${esc(t(o.lang, 'text.explanation'))}</p>${renderMarkdown(o.explanation, o.links?.(o.lang), o.terms.explanation)}</div>`
    : '';
  return `<div class="txt layered t-${o.lang} ${order}" lang="${o.lang}"${ignore}>${heading}${official}${explanation}</div>`;
}

export interface RuleRowOptions {
  rule: Rule | SubRule; ui: Lang; depth: number; links: LinkContext; entryId: string; numbered: boolean; searchTitle: string; aliases?: string[];
  /** Dictionary terms first mentioned in this sub-rule's texts, keyed like term-mentions.ts (`rule:<id>`, `rule:<id>:note:<j>`). */
  mentions?: Record<Lang, Map<string, Set<string>>>;
  /** Numbers that moved between editions (content/{game}/editions.yaml), shown above the text. */
  renumbered?: RowRenumbering;
  /**
   * On a page that shows official text: the document's title per language, which with the row's
   * edition names the source of its official text ("Comprehensive Rules 2022-04-29"). Left out (a page
   * of explanations only), the row shows its one text per language.
   */
  layered?: { source: Record<Lang, string>; history?: string | undefined };
}

/** How copy-as-quote names an official text: its document and edition, and for a translation of another English edition, that edition too. */
const quoteSource = (source: string, edition: string, follows: JaFollows | undefined) =>
  follows && follows.english !== 'added' ? t('ja', 'pair.quote', { source, edition, follows: follows.edition }) : `${source} ${edition}`;

/**
 * One sub-rule: id gutter (permalink + copy buttons), the Japanese and English text, its notes.
 * The anchor is the id itself: `#702.33d` is a published contract.
 */
export function ruleRowHtml({ rule, ui, depth, links, entryId, numbered, searchTitle, aliases = [], mentions, renumbered, layered }: RuleRowOptions): string {
  const terms = (key: string) => ({ ja: mentions?.ja.get(key), en: mentions?.en.get(key) });
  // Official numbers are shown whole; site-made slugs show only the part below the entry.
  const shown = numbered ? rule.id : rule.id === entryId ? '¶' : rule.id.slice(entryId.length + 1);
  const sub = rule as Partial<SubRule>;
  // Official-only rows of an official page keep their one text; its term mentions are under the official key.
  const own = terms(textKey(rule.id, sub.official && !sub.explanation ? 'official' : 'explanation'));
  const official = terms(textKey(rule.id, 'official'));
  const side = (lang: Lang) => (layered
    ? layeredTextHtml({ lang, ui, official: sub.official?.[lang], explanation: sub.explanation?.[lang], heading: rule.title?.[lang], links,
      edition: sub.official?.edition[lang] ? quoteSource(layered.source[lang], sub.official.edition[lang]!, lang === 'ja' ? sub.official.jaFollows : undefined) : undefined, terms: { official: official[lang], explanation: own[lang] } })
    : textHtml({ lang, ui, md: rule[lang], heading: rule.title?.[lang], links, terms: own[lang] }));
  // Which edition the Japanese follows, where that matters (the notes' place in the row, before the rule's own notes).
  const pairNote = layered && sub.official?.jaFollows ? pairNoteHtml(sub.official.jaFollows, ui, rule.id, layered.history) : '';
  return `<div class="rule" id="${attr(rule.id)}" data-anchor data-depth="${depth}" data-pagefind-title="${attr(searchTitle)}">`
    + `<div class="gutter"><a class="rid" href="#${attr(rule.id)}" aria-label="${attr(t(ui, 'rule.permalink', { id: rule.id }))}">${esc(shown)}</a>`
    + `<span class="tools" hidden data-pagefind-ignore><button type="button" data-copy="link" aria-label="${attr(`${t(ui, 'rule.copyLink')}: ${rule.id}`)}">${esc(t(ui, 'rule.copyLinkShort'))}</button>`
    + `<button type="button" data-copy="quote" aria-label="${attr(`${t(ui, 'rule.copyQuote')}: ${rule.id}`)}">${esc(t(ui, 'rule.copyQuoteShort'))}</button></span></div>`
    + (renumbered && (renumbered.reused.length || renumbered.formerly.length) ? renumberHtml(renumbered, ui, links) : '')
    + side('ja') + side('en')
    + (aliases.length ? `<span class="aliases" hidden>${esc(aliases.join(' / '))}</span>` : '')
    + (pairNote || rule.notes.length ? `<div class="notes">${pairNote}${rule.notes.map((n, j) => noteHtml(n, ui, links, terms(`rule:${rule.id}:note:${j}`))).join('')}</div>` : '')
    + '</div>';
}
