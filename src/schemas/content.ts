// The content model. Every field has a one-line doc comment: it is the authors' reference, and
// docs/content.md points here. Cross-entry rules (unique ids, see-also targets, known games and
// documents) cannot be expressed per file; the site model checks those (src/model/site-model.ts).
import { z } from 'astro/zod';
import { isWebUrl } from './safe-url';
import { isVisible } from './visible';

/** An edition id: letters and digits in parts joined by `.` or `-` (2.0.1, 2026-03-06, rules-class-09). */
export const EDITION_ID = /^[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*$/;

export const LANGS = ['ja', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** Translation status of one language's text. See docs/content.md#status. */
export const statusSchema = z.enum(['official', 'community', 'draft', 'missing']);
export type Status = z.infer<typeof statusSchema>;

const nonEmpty = z.string().trim().min(1, 'must not be empty').refine(isVisible, 'shows nothing (only invisible characters)');
/**
 * A Markdown text in one language. Leave it out when there is none: a text that shows nothing
 * (empty, `\u200b`, `<b></b>`, a comment) counts as missing and the build says so.
 */
const markdown = z.string();

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_EXPECTED = 'a calendar date written YYYY-MM-DD, e.g. 2026-11-30';
/**
 * A day, written the ISO way: `2026-11-30` (quoted or not). Refused with the field, never coerced:
 * a number (`12345` is no day), a day the calendar lacks (`2026-02-30`), a time of day, any other
 * spelling. The content check reads YAML without date conversion (src/content/read-yaml.ts), so it
 * sees the text; Astro's loader (YAML 1.1) hands over a Date, accepted when it is a whole day.
 */
export const isoDate = z.unknown().transform((value, ctx): Date => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message, params: { expected: DATE_EXPECTED } });
    return z.NEVER;
  };
  if (value === undefined || value === null) return fail('is required');
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return fail('is not a valid date');
    return value.getTime() % 86_400_000 === 0 ? value : fail(`is ${value.toISOString()}, a date with a time of day`);
  }
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value).slice(0, 40);
  const m = typeof value === 'string' ? ISO_DAY.exec(value) : null;
  if (!m) return fail(`is ${text}, not a date written YYYY-MM-DD`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return fail(`is ${text}, a day the calendar does not have`);
  return day;
});

/** A link from content: an absolute http(s) URL or a path from the site's root (`/ja/…`). `javascript:`, `data:` and other schemes would become live script links. */
const webUrl = nonEmpty.refine(isWebUrl, 'must be an http(s) URL (https://…) or a path from the site root (/…); javascript:, data:, vbscript: and other schemes are refused');

/** A short text in both languages; both are required (titles, names). */
export const bilingualSchema = z.strictObject({
  /** Japanese text. */
  ja: nonEmpty,
  /** English text. */
  en: nonEmpty,
});

/** A text in both languages where one side may be absent (then the page shows it as missing). */
export const partialBilingualSchema = z.strictObject({
  /** Japanese text (Markdown). Leave out when there is no translation yet. */
  ja: nonEmpty.optional(),
  /** English text (Markdown). Leave out when there is no translation yet. */
  en: nonEmpty.optional(),
});

/** A translator's note (訳注) or an open question (要確認) attached to an entry or a sub-rule. */
export const noteSchema = z.strictObject({
  /** `tl`: translator's note (訳注); `question`: an open question to verify (要確認). */
  kind: z.enum(['tl', 'question']),
  /** The note in Japanese (Markdown). */
  ja: markdown.optional(),
  /** The note in English (Markdown). */
  en: markdown.optional(),
});
export type Note = z.infer<typeof noteSchema>;

/** One sub-rule (or the rule's own text): the unit that gets an anchor, a permalink and a pair. */
export const ruleSchema = z.strictObject({
  /** The official number or glossary slug, e.g. `702.33a`, `6.5.3`, `attack-enemy-activation.step-3`. */
  id: nonEmpty,
  /** Japanese text (Markdown). Leave out when missing: the page shows a "missing" badge. */
  ja: markdown.optional(),
  /** English text (Markdown). Leave out when missing: the page shows a "missing" badge. */
  en: markdown.optional(),
  /** A heading for this sub-rule when the source gives one (glossary sub-entries, guide steps). */
  title: partialBilingualSchema.optional(),
  /** Translator's notes (訳注) and open questions (要確認) shown under this sub-rule. */
  notes: z.array(noteSchema).default([]),
});
export type Rule = z.infer<typeof ruleSchema>;

/** Per-language reason a whole language is absent, shown next to the "missing" badge. */
export const missingSchema = z.strictObject({
  /** Why the Japanese text is missing. */
  ja: nonEmpty.optional(),
  /** Why the English text is missing. */
  en: nonEmpty.optional(),
});

/** A rule entry: one page, e.g. Magic 702.33 Kicker, or one Marvel Champions glossary term. */
export const entrySchema = z.strictObject({
  /** The entry's title in both languages (e.g. キッカー / Kicker). */
  title: bilingualSchema,
  /** The official heading as printed in the source, when it differs from the title (e.g. `ATTACK (ENEMY ACTIVATION)`). */
  sourceTitle: nonEmpty.optional(),
  /** Translation status per language; derived from the text when left out (see docs/content.md#status). */
  status: z.strictObject({ ja: statusSchema.optional(), en: statusSchema.optional() }).default({}),
  /** Why a language is missing (required for a language marked `missing`). */
  missing: missingSchema.optional(),
  /** The date this entry's text was last checked against its source document. */
  checked: isoDate,
  /** Source details that differ from the document's (e.g. the translation version a rule was checked against). */
  source: z.strictObject({
    /** Version or translation version this entry was checked against. */
    version: nonEmpty.optional(),
    /** Where to read the official text of this entry: an http(s) URL, or a path from the site root. */
    url: webUrl.optional(),
  }).optional(),
  /** Set only by an importer (`npm run import:mtg-cr`, docs/import.md) on entries it wrote; hand-written entries have none. */
  imported: z.strictObject({
    /** The source files the text was imported from, e.g. `MagicCompRules 20251114.txt + 日本語訳 20231117.0`. */
    from: nonEmpty,
    /** Hash of the imported fields as written: a re-run updates the entry only while it still matches (no hand edits). */
    hash: nonEmpty,
  }).optional(),
  /** Sort position in the document's table of contents; by default entries sort by id. */
  order: z.number().optional(),
  /** For a redirect-only entry ("ALREADY — See: Alteration Effect"): the ids it sends readers to. */
  see: z.array(nonEmpty).default([]),
  /** Ids in the same game this entry points readers to ("See also"), in the source's order. */
  seeAlso: z.array(nonEmpty).default([]),
  /** The sub-rules, in order. The entry's own text, if any, uses the entry id itself. */
  rules: z.array(ruleSchema).default([]),
  /** Translator's notes (訳注) and open questions (要確認) about the whole entry. */
  notes: z.array(noteSchema).default([]),
});
export type EntryData = z.infer<typeof entrySchema>;

/**
 * An edition written as a date (`2025-11-14`): YAML 1.1 parsers (js-yaml, which Astro and the content
 * check use) read an unquoted date as a Date, YAML 1.2 ones as a string; both mean the same day.
 */
const editionText = z.union([nonEmpty, z.date().transform((d) => d.toISOString().slice(0, 10))]);

/** Which edition an official text comes from, per language: Magic's effective date (`2025-11-14`) or the Japanese translation (`20231117.0`), Lorcana's and the Rules Reference's version (`2.0.1`, `1.8`). */
export const editionSchema = z.strictObject({
  /** The English source's edition. */
  en: editionText.optional(),
  /** The Japanese source's edition. */
  ja: editionText.optional(),
});

/**
 * Which English edition a sub-rule's Japanese official text translates, when that is not the
 * document's current English edition: written by the importer when it carried the translation to
 * this number through the kept editions (docs/import.md#pairs).
 */
export const jaFollowsSchema = z.strictObject({
  /** The English edition the Japanese text was translated from. */
  edition: editionText,
  /** The rule's number in that edition, when it is not this one (the translation was carried here by a move). */
  from: nonEmpty.optional(),
  /** The English since that edition: `unchanged`, `changed` (the page marks it), `unknown` (an edition only the editions record names), or `added` (the rule is newer: no Japanese yet). */
  english: z.enum(['unchanged', 'changed', 'unknown', 'added']),
});
export type JaFollows = z.infer<typeof jaFollowsSchema>;

/**
 * Official text of one entry, written only by the importer (`npm run import`, docs/import.md) to
 * `content/{game}/{doc}/official/{entry}.yaml`, beside (never inside) the hand-written explanations.
 */
export const officialEntrySchema = z.strictObject({
  /** The entry's title in both languages (a language the source lacks borrows the other's). */
  title: bilingualSchema,
  /** The heading as printed, when it differs from the title (Rules Reference glossary headings). */
  sourceTitle: nonEmpty.optional(),
  /** The edition each language's text in this file was last changed in (the text is unchanged since, up to the document's current edition in `_edition.yaml`). */
  edition: editionSchema,
  /** The date of the import that last changed this file. */
  checked: isoDate,
  /** Per language: `official` when the source has every sub-rule, `missing` when it has none or only some. */
  status: z.strictObject({ ja: z.enum(['official', 'missing']), en: z.enum(['official', 'missing']) }),
  /** Why a language is missing, written in that language (required for a language marked `missing`). */
  missing: missingSchema.optional(),
  /** For a section or a rule heading: the ids below it, in order. */
  see: z.array(nonEmpty).default([]),
  /** Ids the official text cites outside this entry, in source order (resolved to ids the site has). */
  seeAlso: z.array(nonEmpty).default([]),
  /** The sub-rules as printed: id, the official text per language (Markdown, syntax escaped), an optional heading. */
  rules: z.array(z.strictObject({
    /** The official number or the glossary slug. */
    id: nonEmpty,
    /** The Japanese official text. */
    ja: nonEmpty.optional(),
    /** The English official text. */
    en: nonEmpty.optional(),
    /** A heading of this sub-rule as printed (glossary sub-headings, numbered steps). */
    title: partialBilingualSchema.optional(),
    /** Set when the Japanese side follows another English edition than the document's current one (docs/import.md#pairs). */
    jaFollows: jaFollowsSchema.optional(),
  })).default([]),
});
export type OfficialEntryData = z.infer<typeof officialEntrySchema>;

/** The current import of a document: `content/{game}/{doc}/official/_edition.yaml`, rewritten by each import. */
export const officialEditionSchema = z.strictObject({
  /** The editions imported, per language; a language not imported this time is left out. */
  edition: editionSchema,
  /** The version line official pages show, naming only what was imported (e.g. `2025-11-14 · 日本語訳 20231117.0`). */
  version: editionText,
  /** The English source's effective date, when it prints one. */
  effective: isoDate.optional(),
  /** The English edition the Japanese translation follows, when it is not `edition.en` (docs/import.md#pairs). */
  jaFollows: editionText.optional(),
  /** The source files, as given to the importer. */
  from: nonEmpty,
  /** The date of the import. */
  imported: isoDate,
});
export type OfficialEditionData = z.infer<typeof officialEditionSchema>;

/**
 * A document's official glossary: `content/{game}/{doc}/official/_glossary.yaml`, written only by the
 * importer (Magic's Comprehensive Rules glossary, docs/import.md), rewritten by each import. The site
 * shows it as the document's glossary page, each term joined with the dictionary's when both name it.
 */
export const officialGlossarySchema = z.strictObject({
  /** The editions the terms were imported from, per language. */
  edition: editionSchema,
  /** The source files, as given to the importer. */
  from: nonEmpty,
  /** The terms, in the source's order. */
  terms: z.array(z.strictObject({
    /** Slug of the first English name, unique in the file (the term's anchor on the glossary page). */
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lowercase slug like "kicker"'),
    /** The English term as printed (empty for a term only the Japanese glossary has). */
    en: z.string(),
    /** Further English names on the same line ("Active Player, Nonactive Player"). */
    enAliases: z.array(nonEmpty).default([]),
    /** The Japanese term, when a Japanese glossary was imported and pairs with it. */
    ja: nonEmpty.optional(),
    /** Further Japanese names. */
    jaAliases: z.array(nonEmpty).default([]),
    /** Marked obsolete in the source. */
    obsolete: z.boolean().default(false),
    /** The definition per language, as printed (plain text, one paragraph a line). */
    def: z.strictObject({ ja: z.string().optional(), en: z.string().optional() }).default({}),
    /** The rules the definition cites, resolved to ids the site has. */
    entries: z.array(nonEmpty).default([]),
  })),
});
export type OfficialGlossaryData = z.infer<typeof officialGlossarySchema>;

/** A text as it stood in an earlier edition, or `null`: there was none in that language (or no heading) then. */
const earlierText = nonEmpty.nullable();

/**
 * One import that changed a document's official text, written by the importer beside the current
 * text: `content/{game}/{doc}/official/_history/{edition}.yaml`, named by the edition it leads to
 * (docs/import.md#editions-kept). It holds only what that import changed, so an edition costs the
 * rules it rewrote; the current text stays in official/{entry}.yaml. Walking the steps back from the
 * current text gives every earlier edition (src/model/history.ts).
 */
export const officialHistorySchema = z.strictObject({
  /** The edition id of the state this import started from: the previous step's file name, or the edition of the first import. */
  follows: z.union([z.string(), z.date().transform((d) => d.toISOString().slice(0, 10))])
    .pipe(z.string().regex(EDITION_ID, 'must be an edition id like "2.0.1" or "2026-03-06"')),
  /** The editions this import read, per language. */
  edition: editionSchema,
  /** The editions of the import before it, per language. */
  previous: editionSchema,
  /** The date of the import. */
  imported: isoDate,
  /** Ids of this edition that continue no earlier rule. */
  added: z.array(nonEmpty).default([]),
  /** Ids of the previous edition whose rule does not continue (their text is in `before`). */
  removed: z.array(nonEmpty).default([]),
  /** Rules found under another number, by their text: the previous number (`from`) and the number in this edition (`to`), the shape of editions.yaml's `moved`. */
  moved: z.array(z.strictObject({
    /** The number in the previous edition. */
    from: nonEmpty,
    /** The number in this edition. */
    to: nonEmpty,
  })).default([]),
  /** What the previous edition printed where this import changed it, by the previous number: only the fields that changed (all of them for a removed rule). */
  before: z.array(z.strictObject({
    /** The number in the previous edition. */
    id: nonEmpty,
    /** The English text then (`null`: none). */
    en: earlierText.optional(),
    /** The Japanese text then (`null`: none). */
    ja: earlierText.optional(),
    /** The entry's title then, for an entry (`null`: it was no entry then). */
    title: bilingualSchema.nullable().optional(),
    /** The sub-rule's printed heading then (`null`: none). */
    ruleTitle: partialBilingualSchema.nullable().optional(),
  })).default([]),
});
export type OfficialHistoryData = z.infer<typeof officialHistorySchema>;

/** A game: `content/{game}/game.yaml`. */
export const gameSchema = z.strictObject({
  /** The game's name in both languages. */
  name: bilingualSchema,
  /** A one-line description in both languages (home page, meta description). */
  description: bilingualSchema,
  /** How the game numbers its rules; decides id syntax and sort order. */
  idStyle: z.enum(['mtg', 'dotted', 'slug']),
  /** Sort position on the home page. */
  order: z.number().default(0),
});
export type GameData = z.infer<typeof gameSchema>;

/** A source document: `content/{game}/{doc}/document.yaml` (doc is `cr`, `rr` or `guide`). */
export const documentSchema = z.strictObject({
  /** The document's name in both languages. */
  title: bilingualSchema,
  /** Who publishes the source (e.g. Wizards of the Coast); `Taiyaku` for the site's own guides. */
  publisher: nonEmpty,
  /** The official document's URL per language, when it is public: http(s) URLs, or paths from the site root. */
  url: z.strictObject({
    /** Where the Japanese edition is published. */
    ja: webUrl.optional(),
    /** Where the English edition is published. */
    en: webUrl.optional(),
  }).optional(),
  /**
   * Version of the source (e.g. the Japanese translation version `20231117.0`, or `1.7`); a
   * bilingual sentence when the edition can only be described (e.g. not yet identified).
   */
  version: z.union([nonEmpty, bilingualSchema]).optional(),
  /** The source's effective date. */
  effective: isoDate.optional(),
  /** Open questions (要確認) and translator's notes about the document as a whole, shown on its contents page. */
  notes: z.array(noteSchema).default([]),
  /** How entry ids in this document look; `slug` for guides and glossaries. Defaults to the game's. */
  idStyle: z.enum(['mtg', 'dotted', 'slug']).optional(),
  /** Sort position on the game page. */
  order: z.number().default(0),
  /** A short note in both languages on what the text on these pages is (paraphrase, guide, ...). */
  about: bilingualSchema,
});
export type DocumentData = z.infer<typeof documentSchema>;

/** Ids that are known but not written yet: `content/{game}/planned.yaml`. Links to them render as "planned". */
export const plannedSchema = z.strictObject({
  /** The planned entries. */
  planned: z.array(z.strictObject({
    /** The future id (entry or sub-rule). */
    id: nonEmpty,
    /** Its title in both languages, shown in place of a link. */
    title: bilingualSchema,
  })),
});

/** An edition id: the document's own (Lorcana `2.3.0`, Magic `2026-03-06`) or a slug for a numbering that is no official edition. */
const editionIdSchema = z.string().regex(EDITION_ID, 'must be an edition id like "2.0.1", "2026-03-06" or "rules-class-09"');

/** A rule that carried another number in an earlier edition than the one the pages follow. */
export const movedRuleSchema = z.strictObject({
  /** Its number in the earlier edition (e.g. `8.7`). */
  from: nonEmpty,
  /** Its number in the current edition: an id of the game (written or planned), e.g. `8.8`. */
  to: nonEmpty,
  /** What the rule is, in both languages; the notice names it ("8.7 was Resist"). */
  title: bilingualSchema,
});
export type MovedRule = z.infer<typeof movedRuleSchema>;

/** An earlier edition of a document and the numbers that moved since. */
export const earlierEditionSchema = z.strictObject({
  /** The edition's id, the one pinned links will name (`/r/{game}/{id}@{edition}`). */
  id: editionIdSchema,
  /** How readers know it, in both languages (shown in notices: "In {title}, 8.7 was …"). */
  title: bilingualSchema,
  /** Its effective date, when it has one. */
  effective: isoDate.optional(),
  /** Every rule whose number in this edition is not its number now. */
  moved: z.array(movedRuleSchema).min(1, 'must list at least one moved rule'),
});
export type EarlierEdition = z.infer<typeof earlierEditionSchema>;

/** The editions of a game's documents: `content/{game}/editions.yaml`. */
export const editionsFileSchema = z.strictObject({
  /** Per document folder (`cr`): the edition the pages follow and the earlier numberings. */
  documents: z.record(z.string(), z.strictObject({
    /** The edition the pages follow now; the same as the document's `version`. */
    current: editionIdSchema,
    /** Earlier editions, newest first, each with the rules that moved since. */
    earlier: z.array(earlierEditionSchema).default([]),
  })),
});
export type EditionsFile = z.infer<typeof editionsFileSchema>;

/**
 * The editions the site has served: `content/served.json`, written by the build (src/model/served.ts).
 * game → document → edition id → the date it was first served (YYYY-MM-DD).
 */
export const servedSchema = z.record(z.string(), z.record(z.string(), z.record(editionIdSchema, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like "2026-12-01"'))));

/** Published URLs that moved: `content/redirects.yaml`, old path → new path (without the base). */
export const redirectsSchema = z.strictObject({
  /** Map of old path (`/en/mtg/cr/702.33/#702.33i`) to new path. */
  redirects: z.record(z.string(), z.string()).default({}),
});

/** Where a term's wording comes from; search indexes every variant, the style check flags `avoid`. */
export const termSourceSchema = z.enum(['official', 'rules-text', 'community', 'machine', 'taiyaku']);

/** One bilingual dictionary term: `content/{game}/terms.yaml` holds a list of these under `terms:`. */
export const termSchema = z.strictObject({
  /** Stable slug, unique within the game (used as the anchor on the dictionary page). */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lowercase slug like "additional-cost"'),
  /** The English term as the official English text spells it. */
  en: nonEmpty,
  /** The preferred Japanese term: the official Japanese edition's word where one exists. */
  ja: nonEmpty,
  /** Reading of the Japanese term in kana, for sorting when `ja` starts with kanji. */
  kana: nonEmpty.optional(),
  /** Other wordings readers meet, with who uses them; `avoid: true` marks one Taiyaku must not use in running text. */
  variants: z.array(z.strictObject({
    /** The variant wording. */
    term: nonEmpty,
    /** Its language. */
    lang: z.enum(LANGS),
    /** Who uses it: official edition, the rules text, community translations, machine translation, or Taiyaku. */
    source: termSourceSchema,
    /** True when Taiyaku's running text must not use this wording (the terminology check reports it). */
    avoid: z.boolean().default(false),
    /** Where it is used, or why it is avoided. */
    note: nonEmpty.optional(),
  })).default([]),
  /** A one-line definition in each language. */
  def: bilingualSchema,
  /** Ids of entries or sub-rules that define or use the term (the first is the defining one). */
  entries: z.array(nonEmpty).default([]),
});
export type Term = z.infer<typeof termSchema>;

/** A game's term dictionary file. */
export const termsFileSchema = z.strictObject({
  /** The terms, in any order (pages sort them). */
  terms: z.array(termSchema),
});
