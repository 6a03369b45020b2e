// Duty: the content check, before Astro reads a file. Every problem at once (the tests run the same
// check, src/content/check-content.ts), so a bad entry stops the build with the whole list and
// leaves the previous output folder as it was; the dev server shows the list and goes on. The model
// it builds is shared with the pages, the MDX plugin and the other duties (src/content/site-store.ts),
// in a build and in the dev server, which runs it again on every change (dev-content.ts).
import type { AstroIntegrationLogger } from 'astro';
import { checkContent } from '../content/check-content';
import { type SharedSite, siteStore } from '../content/site-store';
import { ContentError } from '../model/problems';
import { formatCoverage } from '../model/site-model';

/**
 * Checks `contentDir` and shares its model. A build throws when there is a problem; the dev server
 * logs it, its pages throw it until a check passes (src/content/site-store.ts), and gets it back as `error`.
 */
export function runContentCheck(contentDir: string, command: 'build' | 'dev', logger: AstroIntegrationLogger): { shared: SharedSite; error?: undefined } | { shared?: undefined; error: ContentError } {
  const check = checkContent(contentDir);
  for (const w of check.warnings) logger.warn(`${w.file} › ${w.field}: ${w.message}. Expected ${w.expected}.`);
  if (check.problems.length || !check.site) {
    const error = new ContentError(check.problems);
    // Our message alone: no stack trace, no browser-API hint (ContentError, src/model/problems.ts).
    if (command === 'build') throw error;
    logger.error(error.message);
    siteStore.fail(error);
    return { error };
  }
  logger.info(formatCoverage(check.site.coverage).replace(/^\[taiyaku\] /, ''));
  // Where the check's time went (the build's per-duty figures start here: docs/benchmarks.md).
  const { files, redirects, total, ...passes } = check.seconds;
  const s = (n = 0) => `${n.toFixed(1)} s`;
  logger.info(`content check: ${s(total)} (files read and parsed ${s(files)}; model passes ${Object.entries(passes).map(([k, v]) => `${k} ${s(v)}`).join(', ')}; redirect lines ${s(redirects)})`);
  const shared = { dir: contentDir, site: check.site, redirects: check.redirects };
  siteStore.share(shared);
  return { shared };
}
