// The site model: games → documents → entries → sub-rules, with an id index per game. Built from
// plain data (no Astro import) so the cross-entry checks can be unit-tested on fixtures. It is built
// in named passes over one shared context (src/model/passes/, docs/architecture.md#one-site-model):
// each reads what the ones before it wrote, and `buildModel` names them in order.
import { createContext, type ModelInput } from './passes/context';
import { documentsPass } from './passes/documents';
import { pagesPass } from './passes/pages';
import { versionsPass } from './passes/versions';
import { linksPass, plannedPass } from './passes/links';
import { markdownPass } from './passes/markdown';
import { dictionaryPass, glossaryPass } from './passes/terms';
import { editionsRecordPass, historyPass } from './passes/editions';
import { viewsPass } from './passes/views';
import type { Coverage, SiteModel } from './types';

export type * from './types';
export type { ModelInput } from './passes/context';
export { GLOSSARY_PAGE } from './passes/terms';
export { CHANGES_PAGE, EDITIONS_FILE } from './passes/editions';
export { currentEdition } from './passes/views';

/**
 * The model, pass by pass. With `seconds`, each pass's time is added to it under the pass's name
 * (the build logs where the content check's time goes: src/integrations/content-check.ts).
 */
export function buildModel(input: ModelInput, seconds?: Record<string, number>): SiteModel {
  const ctx = createContext(input);
  const timed = <T>(name: string, pass: (c: typeof ctx) => T): T => {
    if (!seconds) return pass(ctx);
    const t0 = performance.now();
    try { return pass(ctx); } finally { seconds[name] = (seconds[name] ?? 0) + (performance.now() - t0) / 1000; }
  };
  timed('documents', documentsPass);
  timed('pages', pagesPass);
  timed('versions', versionsPass);
  timed('links', plannedPass);
  timed('links', linksPass);
  timed('markdown', markdownPass);
  timed('terms', dictionaryPass);
  timed('terms', glossaryPass);
  timed('editions', editionsRecordPass);
  timed('history', historyPass);
  ctx.problems.throwIfAny();
  return timed('views', viewsPass);
}

/** The build's translation coverage summary: one line per game and language. */
export function formatCoverage(coverage: Coverage[]): string {
  const lines = coverage.map((c) => {
    const pct = c.rules ? (((c.rules - c.missing) / c.rules) * 100).toFixed(1) : '100.0';
    const which = c.entriesMissing.length ? `; incomplete: ${c.entriesMissing.slice(0, 8).join(', ')}${c.entriesMissing.length > 8 ? ', …' : ''}` : '';
    return `  ${c.game} ${c.lang}: ${c.rules - c.missing}/${c.rules} sub-rules translated (${pct}%)${which}`;
  });
  return `[taiyaku] translation coverage\n${lines.join('\n')}`;
}
