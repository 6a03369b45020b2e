// The redirect file of a content folder, read from disk (content/redirects.yaml; docs/content.md#redirects)
// and planned from its lines alone by the model (src/model/redirects.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { redirectsSchema } from '../schemas/content';
import { type Problem, schemaProblems } from '../model/problems';
import { expandLang, placementLines, planRedirects, type RedirectLine, type RedirectRules, withImpliedLines } from '../model/redirects';
import type { OfficialPlacement } from '../model/types';
import { parseYaml, readText, yamlError } from './read-yaml';
import type { Manifest } from '../model/permalinks';

/** The redirect file of a content folder. */
export const REDIRECTS_FILE = 'redirects.yaml';

/** The lines of `{base}/redirects.yaml` as written (problems with the file itself go to `problems`). */
export function readRedirectLines(base: string, problems: Problem[] = []): RedirectLine[] {
  const path = join(base, REDIRECTS_FILE);
  if (!existsSync(path)) return [];
  const file = relative(process.cwd(), path);
  let data: unknown;
  try {
    data = parseYaml(readText(path)) ?? {};
  } catch (e) {
    const { at, message, expected } = yamlError(e);
    problems.push({ file: `${file}${at}`, field: '(file)', message, expected: expected === 'valid YAML' ? 'valid YAML (each old path once)' : expected });
    return [];
  }
  const parsed = redirectsSchema.safeParse(data);
  if (!parsed.success) {
    problems.push(...schemaProblems(file, parsed.error.issues, redirectsSchema, data));
    return [];
  }
  return Object.entries(parsed.data.redirects).map(([from, to]) => ({ from, to, file, field: `redirects[${JSON.stringify(from)}]` }));
}

/** The permanent-link manifest of a content folder (what was published), or {} when there is none. */
export const MANIFEST_FILE = 'permalinks.json';
export function readManifest(base: string, problems: Problem[] = []): Manifest {
  const path = join(base, MANIFEST_FILE);
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch (e) {
    problems.push({ file: relative(process.cwd(), path), field: '(file)', message: `cannot be parsed: ${(e as Error).message.split('\n')[0]}`, expected: 'the JSON the build writes (restore it from the last deployment: docs/deploy.md#deploy-state)' });
    return {};
  }
}

/**
 * The redirects of a content folder, planned from the lines alone. The one place the lines are
 * gathered (the content check, and through it the build, and the page layout's anchor maps all
 * call it): redirects generated from other content belong here, beside the file's lines. Lines
 * implied by official text shown on an explanation's page (`placementLines`) give way to the file's
 * own for the same URL; the default lines for published URLs of moved and removed official rules
 * (`defaults`, given the file's lines: src/model/retired.ts) give way to both.
 */
export function contentRedirects(base: string, problems: Problem[] = [], placements: OfficialPlacement[] = [], defaults?: (written: RedirectLine[]) => RedirectLine[]): RedirectRules {
  const written = readRedirectLines(base, problems);
  const lines = withImpliedLines(written, placementLines(placements));
  const have = new Set(lines.flatMap((l) => expandLang(l.from)));
  const extra = defaults ? defaults(lines).filter((l) => !have.has(l.from)) : [];
  const rules = planRedirects([...lines, ...extra]);
  problems.push(...rules.problems);
  return rules;
}
