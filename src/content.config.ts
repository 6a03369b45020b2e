// The one collection left: MDX bodies, which only Astro's MDX compiler can turn into a component
// (the entry page renders one after the sub-rules). Everything else the site shows comes from the
// site model the content check builds (src/content/check-content.ts, src/content/site-store.ts),
// in the build and in the dev server alike; this collection is not read for data, carries no schema
// (the content check has validated every frontmatter) and takes its ids from the one path → id rule
// (src/schemas/layout.ts), so the page finds an entry's body under the entry's own id.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { contentIds, MDX_BODIES } from './schemas/layout';

// TAIYAKU_CONTENT lets the test suite build fixtures with the real pipeline.
const base = process.env.TAIYAKU_CONTENT ?? './content';

export const collections = {
  bodies: defineCollection({
    loader: glob({ base, pattern: MDX_BODIES, generateId: ({ entry }) => contentIds.entry(entry) }),
  }),
};
