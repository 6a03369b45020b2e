import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { documentSchema, editionsFileSchema, entrySchema, gameSchema, officialEditionSchema, officialEntrySchema, officialGlossarySchema, officialHistorySchema, plannedSchema, termsFileSchema } from './schemas/content';
import { PATTERNS } from './schemas/layout';

// TAIYAKU_CONTENT lets the test suite build bad-content fixtures with the real pipeline.
const base = process.env.TAIYAKU_CONTENT ?? './content';
// Ids are the file paths without extension: `mtg/cr/702.33`. The default slugifier would eat the dots.
const byPath = ({ entry }: { entry: string }) => entry.replace(/\.(ya?ml|mdx)$/, '');
const byFolder = ({ entry }: { entry: string }) => entry.replace(/\/[^/]+$/, '');
// Official text: `mtg/cr/official/702.33.yaml` → `mtg/cr/702.33`; `mtg/cr/official/_edition.yaml` (and `_glossary.yaml`) → `mtg/cr`.
const byOfficialPath = ({ entry }: { entry: string }) => byPath({ entry }).replace('/official/', '/');
const byOfficialFolder = ({ entry }: { entry: string }) => byFolder({ entry: byFolder({ entry }) });

export const collections = {
  games: defineCollection({
    loader: glob({ base, pattern: PATTERNS.games, generateId: byFolder }),
    schema: gameSchema,
  }),
  documents: defineCollection({
    loader: glob({ base, pattern: PATTERNS.documents, generateId: byFolder }),
    schema: documentSchema,
  }),
  planned: defineCollection({
    loader: glob({ base, pattern: PATTERNS.planned, generateId: byFolder }),
    schema: plannedSchema,
  }),
  terms: defineCollection({
    loader: glob({ base, pattern: PATTERNS.terms, generateId: byFolder }),
    schema: termsFileSchema,
  }),
  editions: defineCollection({
    loader: glob({ base, pattern: PATTERNS.editions, generateId: byFolder }),
    schema: editionsFileSchema,
  }),
  entries: defineCollection({
    loader: glob({ base, pattern: PATTERNS.entries, generateId: byPath }),
    schema: entrySchema,
  }),
  official: defineCollection({
    loader: glob({ base, pattern: PATTERNS.official, generateId: byOfficialPath }),
    schema: officialEntrySchema,
  }),
  officialEditions: defineCollection({
    loader: glob({ base, pattern: PATTERNS.officialEditions, generateId: byOfficialFolder }),
    schema: officialEditionSchema,
  }),
  officialGlossaries: defineCollection({
    loader: glob({ base, pattern: PATTERNS.officialGlossaries, generateId: byOfficialFolder }),
    schema: officialGlossarySchema,
  }),
  // `mtg/cr/official/_history/2026-03-06.yaml` → `mtg/cr/2026-03-06`: the document and the edition the step leads to.
  officialHistory: defineCollection({
    loader: glob({ base, pattern: PATTERNS.officialHistory, generateId: ({ entry }) => byPath({ entry }).replace('/official/_history/', '/') }),
    schema: officialHistorySchema,
  }),
};
