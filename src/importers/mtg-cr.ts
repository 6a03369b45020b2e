// The Magic Comprehensive Rules: the English text file from Wizards of the Coast (or its PDF) and the
// Japanese translation its translators publish as a text file (same rule numbers). docs/import.md.
import type { Built, GameImporter } from './game';
import { parseCr, type ParsedCr } from './mtg-cr-parse';
import { buildImport } from './mtg-cr-build';
import { asText, tallyLines, type LineKind, type Source } from './source';
import type { Diagnostic } from './report';
import { endsSentence } from './lorcana-cr';
import type { LineCues } from './lines';

function parseSource(source: Source, lang: 'en' | 'ja'): { parsed: ParsedCr; kinds: (LineKind | undefined)[] } {
  const { text, at } = asText(source);
  const parsed = parseCr(text, lang);
  // Lines of the text as read map back to the file's lines (a PDF's page and line).
  parsed.diagnostics = parsed.diagnostics.map((d): Diagnostic => {
    if (!d.line) return d;
    const where = at(d.line);
    const line = where.index >= 0 ? source.lines[where.index]?.text : undefined;
    // Quote the line, unless the parser's message already does (it ends with the start of the line).
    const quoted = line === undefined || d.text !== undefined || d.message.includes(line.trim().slice(0, 24));
    return { ...d, ...(where.page ? { page: where.page } : {}), line: where.line, ...(quoted ? {} : { text: line }) };
  });
  for (const u of parsed.units) u.line = at(u.line).line;
  for (const t of parsed.glossary) t.line = at(t.line).line;
  const kinds: (LineKind | undefined)[] = [];
  parsed.kinds.forEach((k, i) => {
    const idx = at(i + 1).index;
    if (idx >= 0) kinds[idx] = k;
  });
  return { parsed, kinds };
}

const list = (ids: string[], max = Infinity) => (ids.length > max ? `${ids.slice(0, max).join(', ')}, … (${ids.length - max} more)` : ids.join(', '));

export const mtgCr: GameImporter = {
  game: 'mtg',
  doc: 'cr',
  idStyle: 'mtg',
  name: 'the Magic Comprehensive Rules',
  japanese: 'the Japanese translation (a text file named by date and revision, e.g. 20231117.0)',
  startsBlock: (t, _l, before, cues) => {
    const short = (cues as LineCues | undefined)?.prevShort === true;
    // A rule number after a finished sentence, or after a line that stopped short; and a glossary
    // definition after its term (a short line of words with no end punctuation that stopped short).
    return (/^\d{1,3}\.(?:\d+[a-z]?\.?)?\s/.test(t) && (endsSentence(before) || short))
      || /^(?:Example:|例[:：])/.test(t)
      || (short && before !== undefined && before.length <= 60 && /^[A-Z][A-Za-z’'-]*(?:,? [A-Za-z’'()-]+)*$/.test(before.trim()));
  },
  documentDefaults: {
    title: { ja: '総合ルール', en: 'Comprehensive Rules' },
    publisher: 'Wizards of the Coast',
    url: { en: 'https://magic.wizards.com/en/rules' },
    about: {
      ja: 'ウィザーズ・オブ・ザ・コースト社の総合ルールの公式テキストと、その日本語訳である。',
      en: 'The official text of the Comprehensive Rules from Wizards of the Coast, with its Japanese translation.',
    },
  },
  build(enSource, jaSource, given): Built {
    const en = parseSource(enSource, 'en');
    const ja = jaSource ? parseSource(jaSource, 'ja') : undefined;
    const enP = en.parsed;
    const jaP = ja?.parsed;
    const built = buildImport(enP, jaP, {
      // The reasons name the editions, not the files: the same text under another file name rewrites nothing.
      enSource: enP.effective ? `effective ${enP.effective}` : given?.edition ?? enSource.name,
      ...(jaSource ? { jaSource: jaP?.version ?? jaSource.name } : {}),
    });
    const enEdition = enP.effective ?? given?.edition;
    const edition: { en?: string; ja?: string } = { ...(enEdition !== undefined ? { en: enEdition } : {}), ...(jaSource ? { ja: jaP?.version ?? jaSource.name } : {}) };
    const counts = built.counts;
    const c = (k: keyof ParsedCr['counts']) => counts.en[k] + (counts.ja ? ` / ${counts.ja[k]}` : '');
    const errs = (lang: 'en' | 'ja') => built.diagnostics.filter((x) => x.lang === lang && x.level === 'error').length;
    const lines = [
      `sections ${c('sections')} · rules ${c('rules')} · numbered rules ${c('numbered')} · sub-rules ${c('subRules')} · examples ${c('examples')}`,
      `glossary terms ${c('glossaryTerms')} (obsolete ${c('obsoleteTerms')})${counts.ja ? ` · paired ${built.glossary.filter((t) => t.line.en && t.line.ja).length}` : ''} · cross-references ${counts.crossReferences}`,
    ];
    if (counts.ja) {
      lines.push(`paired rule numbers ${counts.paired} · English only ${built.unpaired.en.length}${built.unpaired.en.length ? ` (${list(built.unpaired.en, 20)})` : ''} · Japanese only ${built.unpaired.ja.length}${built.unpaired.ja.length ? ` (${list(built.unpaired.ja, 20)})` : ''}`);
      lines.push(`glossary English only ${built.glossaryUnpaired.en.length}${built.glossaryUnpaired.en.length ? ` (${list(built.glossaryUnpaired.en, 20)})` : ''} · Japanese only ${built.glossaryUnpaired.ja.length}${built.glossaryUnpaired.ja.length ? ` (${list(built.glossaryUnpaired.ja, 20)})` : ''}`);
    }
    lines.push(`malformed lines (reported, skipped) ${c('malformed')} · unnumbered lines attached as paragraphs ${c('continuations')} · errors ${errs('en')}${counts.ja ? ` / ${errs('ja')}` : ''}`);
    lines.push(`not rules (counted, not imported): header ${c('headerLines')} · contents ${c('tocLines')} · credits ${c('creditsLines')} lines`);
    lines.push(`entries: ${counts.entries.section} sections, ${counts.entries.rule} rules, ${counts.entries.numbered} numbered rules`);
    if (enP.units.length === 0) built.diagnostics.push({ level: 'error', lang: 'en', message: 'no rules found' });
    return {
      entries: built.entries,
      diagnostics: built.diagnostics,
      edition,
      ...(enP.effective ? { effective: enP.effective } : {}),
      // The translation names the English rules it is of by their effective date (「2032年1月10日より有効」): Magic's edition id.
      ...(jaP?.effective ? { jaFollows: { edition: jaP.effective, how: 'its effective-date line' } } : {}),
      version: [edition.en, edition.ja !== undefined ? `日本語訳 ${edition.ja}` : undefined].filter(Boolean).join(' · '),
      tallies: { en: tallyLines(enSource, en.kinds), ...(ja && jaSource ? { ja: tallyLines(jaSource, ja.kinds) } : {}) },
      counts: lines,
      unpaired: built.unpaired,
      glossary: built.glossary as unknown as NonNullable<Built['glossary']>,
    };
  },
};
