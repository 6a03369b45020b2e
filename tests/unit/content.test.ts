// The bundled content as a whole: the build's own content check (src/content/check-content.ts) finds
// no problem and no warning in it, and it meets the bundle's bar of docs/content.md: every language
// of every entry is written in full, or declared missing with a reason.
import { describe, expect, it } from 'vitest';
import { checkContent } from '~/content/check-content';
import { formatProblem } from '~/model/problems';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { paths } from '~/model/urls';
import { LANGS } from '~/schemas/content';

const check = checkContent('content');
const site = check.site!;

describe('bundled content', () => {
  it('passes the content check the build runs, with nothing to warn about', () => {
    expect(check.problems.map(formatProblem)).toEqual([]);
    // Warnings: a reference to a rule the site lacks, a text that shows nothing.
    expect(check.warnings.map(formatProblem)).toEqual([]);
    expect(site.games.length).toBeGreaterThan(0);
  });

  it('says where its time went: the files, each model pass, the redirect lines, in all', () => {
    const { files, redirects, total, ...passes } = check.seconds;
    expect(Object.keys(passes)).toEqual(['documents', 'pages', 'versions', 'links', 'markdown', 'terms', 'editions', 'history', 'views']);
    const parts = [files, redirects, ...Object.values(passes)];
    for (const n of parts) expect(n).toBeGreaterThanOrEqual(0);
    expect(total).toBeGreaterThanOrEqual(parts.reduce((a, b) => a! + b!, 0)! - 1e-6);
  });

  it.each((site?.entries ?? []).map((e) => [`${e.game}/${e.doc}/${e.id}`, e] as const))('%s has its text in full (or says why not)', (_, e) => {
    for (const lang of ['ja', 'en'] as const) {
      if (e.status[lang] !== 'missing') expect(e.missing[lang], `${lang} sub-rules without text`).toBe(0);
      else expect(e.data.missing?.[lang], `reason for missing ${lang}`).toBeTruthy();
    }
  });
});

// A wording labelled `community` must say where players use it, so a reader can check it;
// a wording whose source has not been found yet says so with 要確認 instead of guessing
// (docs/content.md#voice-and-terms). Every game's dictionary is held to this. A note names a source
// when it gives an address (a domain), or names one of the sources listed with their addresses at
// the top of that game's terms.yaml, by the name the notes use for it.
const ADDRESS_OR_OPEN = /\b[a-z0-9-]+\.(?:com|jp|net|org|io)\b|要確認/;
// A source as the notes name it, and (when the list at the top words it differently) as listed there.
const NAMED_SOURCES: Record<string, (string | { note: string; listed: string })[]> = {
  mtg: ['MTG Wiki'],
  lorcana: ['ルールクラス09'],
  'marvel-champions': ['Marvel Champions 日本語版@ウィキ', 'atwiki', '泰平堂', 'LEARN TO PLAY - JP', 'cepter_jb', { note: 'ヴィランフェイズの和訳解説', listed: 'villain-phase walkthrough' }],
};

describe.each(Object.keys(NAMED_SOURCES))('%s term dictionary', (game) => {
  const terms = site?.games.find((g) => g.id === game)?.terms ?? [];
  const community = terms.flatMap((t) => t.variants.filter((v) => v.source === 'community').map((v) => [`${t.id}: ${v.term}`, v] as const));
  const header = (readFileSync(`content/${game}/terms.yaml`, 'utf8').split('\nterms:')[0] ?? '').split('\n').filter((line) => line.startsWith('#')).join('\n');
  const names = (NAMED_SOURCES[game] ?? []).map((n) => (typeof n === 'string' ? { note: n, listed: n } : n));

  it('has community variants to check', () => {
    expect(community.length).toBeGreaterThan(0);
  });

  it.each(names.filter((name) => community.some(([, v]) => v.note?.includes(name.note))).map((name) => [name.note, name] as const))('lists the source "%s", which notes name, at the top of terms.yaml', (_, name) => {
    expect(header, `content/${game}/terms.yaml opening comment`).toContain(name.listed);
  });

  it.each(community)('%s names where it is used, or marks the source 要確認', (_, v) => {
    expect(v.note, 'note').toBeTruthy();
    expect(v.note).toSatisfy((note: string) => ADDRESS_OR_OPEN.test(note) || names.some((name) => note.includes(name.note)));
  });
});

// content/{game}/editions.yaml against what was published (content/permalinks.json) and the
// redirects: a number that is no id any more must send its old anchors to where the rule is now.
describe('renumbered rules in the bundled content', () => {
  const manifest = JSON.parse(readFileSync('content/permalinks.json', 'utf8')) as Record<string, string[]>;
  const redirects = (parse(readFileSync('content/redirects.yaml', 'utf8')) as { redirects: Record<string, string> }).redirects;
  const moves = site.games.flatMap((g) => site.moves(g.id));
  const retired = moves.filter((m) => m.retired);

  it('records at least the moves these pages made (the check below is not vacuous)', () => {
    expect(retired.length).toBeGreaterThan(0);
  });

  it.each(retired.map((m) => [`${m.game} ${m.edition.id}: ${m.from} → ${m.to}`, m] as const))('%s: every published anchor of the old number redirects to the new one', (_, m) => {
    const target = site.resolve(m.game, m.to);
    expect(target && target.kind !== 'planned', `${m.to} is written`).toBe(true);
    if (!target || target.kind === 'planned') return;
    for (const lang of LANGS) {
      const published = Object.entries(manifest).filter(([page, anchors]) => page.startsWith(`/${lang}/${m.game}/${m.doc}/`) && anchors.includes(m.from));
      for (const [page] of published) {
        const now = paths.entry(lang, m.game, target.entry.doc, target.entry.id) + (target.kind === 'rule' ? `#${m.to}` : '');
        expect(redirects[`${page}#${m.from}`], `${page}#${m.from}`).toBe(now);
      }
    }
  });

  it('every redirect of a Lorcana anchor comes from the editions record', () => {
    const recorded = new Set(retired.map((m) => m.from));
    const lorcana = Object.keys(redirects).filter((from) => from.includes('/lorcana/') && from.includes('#'));
    expect(lorcana.filter((from) => !recorded.has(from.split('#')[1] ?? ''))).toEqual([]);
  });
});
