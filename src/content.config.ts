import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { documentSchema, editionsFileSchema, entrySchema, gameSchema, plannedSchema, termsFileSchema } from './schemas/content';
import { PATTERNS } from './schemas/layout';

// TAIYAKU_CONTENT lets the test suite build bad-content fixtures with the real pipeline.
const base = process.env.TAIYAKU_CONTENT ?? './content';
// Ids are the file paths without extension: `mtg/cr/702.33`. The default slugifier would eat the dots.
const byPath = ({ entry }: { entry: string }) => entry.replace(/\.(ya?ml|mdx)$/, '');
const byFolder = ({ entry }: { entry: string }) => entry.replace(/\/[^/]+$/, '');

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
};
