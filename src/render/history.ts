// The history and changes pages' rows as strings (docs/architecture.md#editions): a rule's texts
// edition by edition in the pair layout of rule pages, each marked against the edition before.
// Texts are shown as plain text (the Markdown's text, src/model/markdown-text.ts), so the marks sit
// on exactly what the diff compared; every value is escaped here.
import type { Lang } from '../schemas/content';
import { t } from '../i18n';
import { escapeAttr, escapeHtml } from './html';
import { plainText } from '../model/markdown-text';
import { diffText, type DiffOp } from '../model/text-diff';
import type { UnitState } from '../model/history';
import type { Lineage, Version } from '../model/lineage';

const esc = escapeHtml;
const attr = escapeAttr;
const LANGS = ['ja', 'en'] as const;

/**
 * A marked change as HTML: <del> and <ins> (struck through and underlined, not colour alone), each
 * with a hidden text alternative in the text's language, so a screen reader says where a deletion
 * or an insertion starts and ends ("[deleted: five]").
 */
export function diffHtml(ops: DiffOp[], lang: Lang): string {
  return ops.map((o) => {
    if (o.op === 'eq') return esc(o.text);
    const tag = o.op;
    const start = t(lang, o.op === 'del' ? 'history.delStart' : 'history.insStart');
    return `<${tag}><span class="visually-hidden">${esc(start)}</span>${esc(o.text)}<span class="visually-hidden">${esc(t(lang, 'history.markEnd'))}</span></${tag}>`;
  }).join('');
}

/** One language's text of a unit (its printed text, else for a heading its title), as plain text. */
export function unitText(u: UnitState | undefined, lang: Lang): string | undefined {
  const md = u?.[lang];
  return md === undefined ? undefined : plainText(md);
}
/** A unit's heading in one language: a sub-rule's printed title, or an entry's title. */
export function unitHeading(u: UnitState | undefined, lang: Lang): string | undefined {
  return u?.ruleTitle?.[lang] ?? u?.title?.[lang];
}

const mode = (lang: Lang) => (lang === 'ja' ? 'chars' : 'words');

// A text marked against its older words, by language and the two texts: both interface languages'
// history pages show the same pair, and a changes page shows it again. Bounded, for the dev server's
// long life: past the bound it starts over.
const markedTexts = new Map<string, string>();
const MARKED_KEPT = 20_000;
function markedText(lang: Lang, before: string, after: string): string {
  const key = `${lang}\u0000${before}\u0000${after}`;
  let html = markedTexts.get(key);
  if (html === undefined) {
    if (markedTexts.size >= MARKED_KEPT) markedTexts.clear();
    markedTexts.set(key, html = diffHtml(diffText(before, after, mode(lang)), lang));
  }
  return html;
}

/** One column: a text marked against an older one (`compare` false: shown plain), its heading likewise. */
function column(lang: Lang, ui: Lang, now: UnitState, older: UnitState | undefined, compare: boolean): string {
  const order = lang === ui ? 't-first' : 't-second';
  const text = unitText(now, lang);
  const was = compare ? unitText(older, lang) : undefined;
  const heading = unitHeading(now, lang);
  const headingWas = compare ? unitHeading(older, lang) : undefined;
  const marked = (before: string | undefined, after: string) => (!compare ? esc(after) : before === undefined ? diffHtml([{ op: 'ins', text: after }], lang) : markedText(lang, before, after));
  const head = heading !== undefined ? `<p class="rule-title">${marked(headingWas, heading)}</p>` : '';
  if (text === undefined) {
    // A heading without text (an entry's title) is shown as it is; a language with neither says so,
    // with the text it had before when it lost it.
    if (head && was === undefined) return `<div class="txt t-${lang} ${order}" lang="${lang}">${head}</div>`;
    const gone = was !== undefined ? `<p lang="${lang}">${diffHtml([{ op: 'del', text: was }], lang)}</p>` : '';
    return `<div class="txt missing t-${lang} ${order}" lang="${ui}">${head ? `<div lang="${lang}">${head}</div>` : ''}<p>${esc(t(ui, 'history.noText'))}</p>${gone}</div>`;
  }
  const same = compare && was === text && heading === headingWas;
  return `<div class="txt t-${lang} ${order}${same ? ' h-same' : ''}" lang="${lang}">${head}<p>${marked(was, text)}</p>${same ? `<p class="h-note" lang="${ui}">${esc(t(ui, 'history.unchanged'))}</p>` : ''}</div>`;
}

/** The editions of a version as a label: one edition, or the oldest to the newest. */
export function spanLabel(editions: string[], ui: Lang): string {
  return editions.length === 1 ? editions[0]! : t(ui, 'history.span', { from: editions.at(-1)!, to: editions[0]! });
}

/** Whether two units read the same in both languages (text and heading). */
const sameWords = (a: UnitState, b: UnitState) => LANGS.every((lang) => unitText(a, lang) === unitText(b, lang) && unitHeading(a, lang) === unitHeading(b, lang));

/**
 * A rule's versions, newest first, as rows: the editions, its number then when it was another, and
 * per language the text marked against the next older version with other words (the oldest shown
 * plain). A version with the words of the one above it (only the number differed) says so rather
 * than repeating the text.
 */
export function versionRowsHtml(l: Lineage, ui: Lang): string {
  const v = l.versions;
  return v.map((version: Version, i: number) => {
    const gutter = `<div class="gutter"><span class="h-ed">${esc(spanLabel(version.editions, ui))}</span>${version.id !== l.id ? `<span class="h-then">${esc(t(ui, 'history.numberThen', { id: version.id }))}</span>` : ''}</div>`;
    const newer = v[i - 1];
    if (newer && sameWords(newer.unit, version.unit)) {
      return `<div class="rule h-version" data-depth="1">${gutter}<div class="txt t-first h-same" lang="${ui}"><p class="h-note">${esc(t(ui, 'history.sameText', { id: newer.id, editions: spanLabel(newer.editions, ui) }))}</p></div></div>`;
    }
    let j = i + 1;
    while (j < v.length && sameWords(v[j]!.unit, version.unit)) j++;
    const older = v[j];
    return `<div class="rule h-version" data-depth="1">${gutter}${LANGS.map((lang) => column(lang, ui, version.unit, older?.unit, older !== undefined)).join('')}</div>`;
  }).join('');
}

/** A number now, as a link where the site has a page for it. */
export function idLink(id: string, href: string | undefined): string {
  return href ? `<a href="${attr(href)}">${esc(id)}</a>` : esc(id);
}

/** Two texts side by side, marked (the changes page's reworded rules): the same row as a history version. */
export function changeRowHtml(o: { ui: Lang; label: string; before: UnitState; after: UnitState }): string {
  return `<div class="rule h-version" data-depth="1"><div class="gutter"><span class="h-ed">${o.label}</span></div>${LANGS.map((lang) => column(lang, o.ui, o.after, o.before, true)).join('')}</div>`;
}

/** A text shown plain in both languages (added, removed, moved rules on the changes page). */
export function plainRowHtml(o: { ui: Lang; label: string; unit: UnitState }): string {
  return `<div class="rule h-version" data-depth="1"><div class="gutter"><span class="h-ed">${o.label}</span></div>${LANGS.map((lang) => column(lang, o.ui, o.unit, undefined, false)).join('')}</div>`;
}
