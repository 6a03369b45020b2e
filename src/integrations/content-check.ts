// Duty: the content check, before Astro reads a file. Every problem at once (the tests run the same
// check, src/content/check-content.ts), so a bad entry stops the build with the whole list and
// leaves the previous output folder as it was; the dev server shows the list and goes on. The model
// it builds is shared with the pages, the MDX plugin and the other duties (src/content/site-store.ts).
import type { AstroIntegrationLogger } from 'astro';
import { checkContent } from '../content/check-content';
import { type SharedSite, siteStore } from '../content/site-store';
import { ContentError } from '../model/problems';
import { formatCoverage } from '../model/site-model';

/** Checks `contentDir` and shares its model; throws in a build when there is a problem. */
export function runContentCheck(contentDir: string, command: 'build' | 'dev', logger: AstroIntegrationLogger): SharedSite | undefined {
  const check = checkContent(contentDir);
  for (const w of check.warnings) logger.warn(`${w.file} › ${w.field}: ${w.message}. Expected ${w.expected}.`);
  if (check.problems.length || !check.site) {
    const error = new ContentError(check.problems);
    // Our message alone: no stack trace, no browser-API hint (ContentError, src/model/problems.ts).
    if (command === 'build') throw error;
    logger.error(error.message);
    return undefined;
  }
  logger.info(formatCoverage(check.site.coverage).replace(/^\[taiyaku\] /, ''));
  const shared = { dir: contentDir, site: check.site, redirects: check.redirects };
  siteStore.share(shared, command);
  return shared;
}
