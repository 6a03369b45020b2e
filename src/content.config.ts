import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { documentSchema, entrySchema, gameSchema, plannedSchema } from './schemas/content';

// TAIYAKU_CONTENT lets the test suite build bad-content fixtures with the real pipeline.
const base = process.env.TAIYAKU_CONTENT ?? './content';
// Ids are the file paths without extension: `mtg/cr/702.33`. The default slugifier would eat the dots.
const byPath = ({ entry }: { entry: string }) => entry.replace(/\.(ya?ml|mdx)$/, '');
const byFolder = ({ entry }: { entry: string }) => entry.replace(/\/[^/]+$/, '');

export const collections = {
  games: defineCollection({
    loader: glob({ base, pattern: '*/game.yaml', generateId: byFolder }),
    schema: gameSchema,
  }),
  documents: defineCollection({
    loader: glob({ base, pattern: '*/*/document.yaml', generateId: byFolder }),
    schema: documentSchema,
  }),
  planned: defineCollection({
    loader: glob({ base, pattern: '*/planned.yaml', generateId: byFolder }),
    schema: plannedSchema,
  }),
  entries: defineCollection({
    loader: glob({ base, pattern: ['*/*/*.{yaml,mdx}', '!*/*/document.yaml'], generateId: byPath }),
    schema: entrySchema,
  }),
};
