// The redirect file of a content folder, read from disk (content/redirects.yaml; docs/content.md#redirects)
// and planned from its lines alone by the model (src/model/redirects.ts).
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { redirectsSchema } from '../schemas/content';
import { type Problem, schemaProblems } from '../model/problems';
import { placementLines, planRedirects, type RedirectLine, type RedirectRules, withImpliedLines } from '../model/redirects';
import type { OfficialPlacement } from '../model/types';
import { parseYaml, readText, yamlError } from './read-yaml';

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

/**
 * The redirects of a content folder, planned from the lines alone. The one place the lines are
 * gathered (the content check, and through it the build, and the page layout's anchor maps all
 * call it): redirects generated from other content belong here, beside the file's lines. Lines
 * implied by official text shown on an explanation's page (`placementLines`) give way to the file's
 * own for the same URL.
 */
export function contentRedirects(base: string, problems: Problem[] = [], placements: OfficialPlacement[] = []): RedirectRules {
  const rules = planRedirects(withImpliedLines(readRedirectLines(base, problems), placementLines(placements)));
  problems.push(...rules.problems);
  return rules;
}
