// What would bring a site over the host's file limit under it (src/integrations/output-plan.ts),
// from worked examples; and the search fragments' lower bound the count before rendering uses.
import { describe, expect, it } from 'vitest';
import { overLimits } from '../../src/integrations/output-cost';
import { fewestFragments, fitsFiles, type OutputPlan } from '../../src/integrations/output-plan';
import { groupsWithin } from '../../src/integrations/pagefind-fragments';

describe('fewestFragments: the fragment files groupFragments leaves, at the least', () => {
  // A small generator of its own, so the cases are the same on every run.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const cases = Array.from({ length: 300 }, () => {
    const n = 1 + Math.floor(next() * 120);
    const cap = 1 + Math.floor(next() * 60);
    const big = next() < 0.3;
    return { sizes: Array.from({ length: n }, () => 1 + Math.floor(next() * (big ? 40_000 : 3_000))), cap };
  });
  it('is every page up to the cap, and more than half the cap above it, never more than groupsWithin makes', () => {
    for (const { sizes, cap } of cases) {
      const made = groupsWithin(sizes, cap).groups.length;
      if (sizes.length <= cap) expect(made).toBe(fewestFragments(sizes.length, cap));
      else {
        expect(made).toBeLessThanOrEqual(cap);
        expect(made, `${sizes.length} pages, cap ${cap}`).toBeGreaterThanOrEqual(fewestFragments(sizes.length, cap));
      }
    }
  });
  it.each([[10, 500, 10], [500, 500, 500], [501, 500, 251], [2594, 500, 251], [14, 5, 3], [2, 1, 1]])('%i pages under cap %i: at least %i', (pages, cap, least) => expect(fewestFragments(pages, cap)).toBe(least));
});

const plan = (over: Partial<OutputPlan> = {}): OutputPlan => ({
  kinds: [{ kind: 'pinned links', files: 9000 }, { kind: 'search index', files: 600, atLeast: true }],
  files: 20_300, expected: 20_400,
  search: { pages: { ja: 1300, en: 1300 }, cap: 500, blocks: false },
  pins: [
    { game: 'mtg', doc: 'cr', edition: '2022-02-18', served: true, files: 2841 },
    { game: 'mtg', doc: 'cr', edition: '2021-11-19', served: false, files: 12 },
  ],
  unpublishedHistory: 40,
  historyChanges: 6,
  ...over,
});

describe('fitsFiles: what would fit, computed', () => {
  it.each<[string, Partial<OutputPlan>, number, string]>([
    ['400 over, 1,300 pages a language: a cap of 300 saves 2 × 200', {}, 400, 'TAIYAKU_SEARCH_FRAGMENTS=300 saves ~400 files (now 500: ja 500, en 500 fragment files; at 300, about 5 pages\' search texts a group'],
    ['401 over: one step further', {}, 401, 'TAIYAKU_SEARCH_FRAGMENTS=299 saves ~402 files'],
    ['more than the cap can give: says how far it goes', {}, 1200, 'TAIYAKU_SEARCH_FRAGMENTS lower saves at most ~998 files (at 1, every page\'s search text in a handful of groups; at 200, ~600), not enough alone (500 now)'],
    ['pages under the cap: only below the pages does it save', { search: { pages: { ja: 431, en: 431 }, cap: 500, blocks: false } }, 62, 'TAIYAKU_SEARCH_FRAGMENTS=400 saves ~62 files'],
  ])('%s', (_, p, over, line) => expect(fitsFiles(plan(p), over)[0]).toContain(line));

  it('names the history not yet published, the editions kept for it, and the served editions with their pages', () => {
    const lines = fitsFiles(plan(), 400);
    expect(lines).toContain('served editions\' pinned pages (copied links: keep them; a host with a higher limit does): mtg/cr@2022-02-18 2,841');
    // 40 × 3 history files, 6 changes pages, 12 removed rules' pinned pages.
    expect(lines.find((l) => l.startsWith('fewer earlier editions'))).toContain('saves at most 138 files: of the 40 history pages not yet published');
    expect(lines).toContain('  the removed rules\' pinned pages, by edition kept for the history only: mtg/cr@2021-11-19 12');
    expect(lines.some((l) => l.startsWith('none of these'))).toBe(false);
  });

  it.each<[string, number, number, string | undefined]>([
    // The cap at 200 saves 600 (at 1, 998); the history at most 138, or 618 with 200 pages not yet published.
    ['a cap alone is enough: no verdict', 40, 400, undefined],
    ['more than any one gives, within both together: only by dropping the history', 200, 1100, 'no one of these is enough; together (the cap at 200, ~600, and up to 618 from the history) they could save the 1,100 files only by dropping most of the history, a last resort: a host or plan with a higher file limit keeps it (docs/deploy.md#when-the-limit-nears)'],
    ['more than both together: a higher limit', 40, 1200, 'none of these, nor all of them together (at most ~738 of the 1,200 files, the cap at 200), brings this site under while keeping every link readers copied: it needs a host or plan with a higher file limit (docs/deploy.md#when-the-limit-nears)'],
  ])('when no one switch is enough: %s', (_, unpublishedHistory, over, verdict) => {
    const last = fitsFiles(plan({ unpublishedHistory }), over).at(-1)!;
    if (verdict === undefined) expect(last).toMatch(/^served editions/);
    else expect(last).toBe(verdict);
  });

  it('says nothing of the search cap when no page is searched, and names the text blocks when they are on', () => {
    const lines = fitsFiles(plan({ search: { pages: { ja: 0, en: 0 }, cap: 500, blocks: true }, pins: [], unpublishedHistory: 0, historyChanges: 0 }), 10);
    expect(lines).toEqual(['TAIYAKU_SEARCH_BLOCKS=off (now on) saves every text block of the long pages (their count is known once the index is written; the last build\'s cost lines give it)']);
  });
});

describe('overLimits with a count made before rendering', () => {
  it('says "at least", leaves out the sizes it does not know, and lists what would fit', () => {
    const p = plan();
    const message = overLimits({ ...p, atLeast: true }, { files: 20_000 }, 'this site', ({ files = 0 }) => fitsFiles(p, files + p.expected - p.files))!;
    expect(message).toContain('this site would be at least 20,300 files, over TAIYAKU_MAX_FILES=20,000 by 300');
    expect(message).toContain('\n  search index: at least 600 files — to turn off:');
    expect(message).toContain('\n  pinned links: 9,000 files — to turn off:');
    // 300 over the sure count, 400 over the expected one: the cap that saves 400.
    expect(message).toContain('What would bring it under (computed for this site):\n  - TAIYAKU_SEARCH_FRAGMENTS=300 saves ~400 files');
    expect(message).toContain('\n    the removed rules\' pinned pages');
  });
});
