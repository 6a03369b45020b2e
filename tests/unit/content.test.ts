// The bundled content as a whole: the build's own content check (src/lib/check-content.ts) finds
// no problem and no warning in it, and it meets the bundle's bar of docs/content.md: every language
// of every entry is written in full, or declared missing with a reason.
import { describe, expect, it } from 'vitest';
import { checkContent } from '~/lib/check-content';
import { formatProblem } from '~/lib/problems';

const check = checkContent('content');
const site = check.site!;

describe('bundled content', () => {
  it('passes the content check the build runs, with nothing to warn about', () => {
    expect(check.problems.map(formatProblem)).toEqual([]);
    // Warnings: a reference to a rule the site lacks, a text that shows nothing.
    expect(check.warnings.map(formatProblem)).toEqual([]);
    expect(site.games.length).toBeGreaterThan(0);
  });

  it.each((site?.entries ?? []).map((e) => [`${e.game}/${e.doc}/${e.id}`, e] as const))('%s has its text in full (or says why not)', (_, e) => {
    for (const lang of ['ja', 'en'] as const) {
      if (e.status[lang] !== 'missing') expect(e.missing[lang], `${lang} sub-rules without text`).toBe(0);
      else expect(e.data.missing?.[lang], `reason for missing ${lang}`).toBeTruthy();
    }
  });
});
