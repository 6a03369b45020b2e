// Reads content/ straight from disk with the same checks as the build (src/content/check-content.ts),
// for the content tests, fixture tests and tools: the whole validation in milliseconds, no build.
import { checkContent } from './check-content';
import type { SiteModel } from '../model/site-model';
import { ContentError } from '../model/problems';

/** The site model of a content folder; throws a ContentError listing every problem. */
export function loadContent(base = 'content'): { site: SiteModel; raw: { file: string; text: string }[] } {
  const result = checkContent(base);
  if (!result.site) throw new ContentError(result.problems);
  return { site: result.site, raw: result.raw };
}
