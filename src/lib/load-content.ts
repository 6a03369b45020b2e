// Reads content/ straight from disk with the same schemas as the Astro build, for the content tests
// and fixture tests: the full cross-entry validation in milliseconds, no build needed.
import { globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'astro/zod';
import { documentSchema, editionsFileSchema, entrySchema, gameSchema, officialEditionSchema, officialEntrySchema, plannedSchema, termsFileSchema } from '../schemas/content';
import { PATTERNS } from '../schemas/layout';
import { buildModel, type SiteModel } from './model';
import { ContentError, ContentProblems } from './problems';

function files(base: string, pattern: string | string[]): string[] {
  const [include, ...rest] = Array.isArray(pattern) ? pattern : [pattern];
  const exclude = rest.map((p) => p.replace(/^!/, ''));
  return globSync(include ?? '', { cwd: base, exclude }).sort();
}

function frontmatter(text: string): { data: unknown; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  return m ? { data: parse(m[1] ?? ''), body: m[2] ?? '' } : { data: {}, body: text };
}

export function loadContent(base = 'content'): { site: SiteModel; raw: { file: string; text: string }[] } {
  const problems = new ContentProblems();
  const raw: { file: string; text: string }[] = [];
  const read = <S extends z.ZodType>(pattern: string | string[], schema: S) =>
    files(base, pattern).flatMap((rel) => {
      const file = relative(process.cwd(), join(base, rel));
      const text = readFileSync(join(base, rel), 'utf8');
      raw.push({ file, text });
      let parsed: { data: unknown; body: string };
      try {
        parsed = rel.endsWith('.mdx') ? frontmatter(text) : { data: parse(text), body: '' };
      } catch (e) {
        problems.add(file, '(file)', `cannot be parsed: ${(e as Error).message.split('\n')[0]}`, 'valid YAML');
        return [];
      }
      const result = schema.safeParse(parsed.data ?? {});
      if (!result.success) {
        for (const issue of result.error.issues) problems.add(file, issue.path.join('.') || '(root)', issue.message, 'a value that matches the schema in src/schemas/content.ts');
        return [];
      }
      return [{ rel, file, data: result.data as z.infer<S>, body: parsed.body }];
    });
  const id = (rel: string) => rel.replace(/\.(ya?ml|mdx)$/, '');
  const folder = (rel: string) => rel.replace(/\/[^/]+$/, '');
  const games = read(PATTERNS.games, gameSchema).map((g) => ({ id: folder(g.rel), file: g.file, data: g.data }));
  const documents = read(PATTERNS.documents, documentSchema).map((d) => ({ id: folder(d.rel), file: d.file, data: d.data }));
  const planned = read(PATTERNS.planned, plannedSchema).map((p) => ({ game: folder(p.rel), file: p.file, items: p.data.planned }));
  const terms = read(PATTERNS.terms, termsFileSchema).map((t) => ({ game: folder(t.rel), file: t.file, terms: t.data.terms }));
  const editions = read(PATTERNS.editions, editionsFileSchema).map((e) => ({ game: folder(e.rel), file: e.file, data: e.data }));
  const entries = read(PATTERNS.entries, entrySchema).map((e) => ({ id: id(e.rel), file: e.file, data: e.data, hasBody: e.body.trim().length > 0 }));
  const official = read(PATTERNS.official, officialEntrySchema).map((o) => ({ id: id(o.rel).replace('/official/', '/'), file: o.file, data: o.data }));
  const officialEditions = read(PATTERNS.officialEditions, officialEditionSchema).map((e) => ({ id: folder(folder(e.rel)), file: e.file, data: e.data }));
  if (problems.list.length) throw new ContentError(problems.list);
  return { site: buildModel({ games, documents, entries, planned, terms, official, officialEditions, editions }), raw };
}
