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

export function buildModel(input: ModelInput): SiteModel {
  const ctx = createContext(input);
  documentsPass(ctx);
  pagesPass(ctx);
  versionsPass(ctx);
  plannedPass(ctx);
  linksPass(ctx);
  markdownPass(ctx);
  dictionaryPass(ctx);
  glossaryPass(ctx);
  editionsRecordPass(ctx);
  historyPass(ctx);
  ctx.problems.throwIfAny();
  return viewsPass(ctx);
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
