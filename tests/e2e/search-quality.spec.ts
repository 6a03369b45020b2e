// Search quality: every query of tests/search/queries.yaml must find its expected entry in the top
// 3 of the real merged search (both Pagefind bundles + direct id jumps), run in Chromium. Prints
// recall@3 per kind; fails below 90%.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { at } from './helpers';

interface Query { q: string; expect: string; kind: string; ui?: 'ja' | 'en' }
const { queries } = parse(readFileSync('tests/search/queries.yaml', 'utf8')) as { queries: Query[] };

test('search quality: recall@3 over the query suite is at least 90%', async ({ page }) => {
  test.setTimeout(180_000);
  const misses: string[] = [];
  const byKind = new Map<string, [number, number]>();
  for (const ui of ['ja', 'en'] as const) {
    const mine = queries.filter((q) => (q.ui ?? 'ja') === ui);
    await page.goto(at(`/${ui}/search/`));
    await page.waitForFunction(() => 'taiyakuSearch' in window);
    for (const query of mine) {
      const urls = await page.evaluate((q) => (window as unknown as { taiyakuSearch: (q: string) => Promise<string[]> }).taiyakuSearch(q), query.q);
      const [path, anchor] = query.expect.split('#');
      const hit = urls.slice(0, 3).some((u) => u.includes(`/${ui}/${path}/`) && (!anchor || u.endsWith(`#${anchor}`)));
      const [h, n] = byKind.get(query.kind) ?? [0, 0];
      byKind.set(query.kind, [h + (hit ? 1 : 0), n + 1]);
      if (!hit) misses.push(`${query.q} (${ui}) → expected ${query.expect}, got ${urls.slice(0, 3).join(', ') || 'nothing'}`);
    }
  }
  const hits = [...byKind.values()].reduce((s, [h]) => s + h, 0);
  const recall = hits / queries.length;
  console.log(`search recall@3: ${(recall * 100).toFixed(1)}% (${hits}/${queries.length})`);
  for (const [kind, [h, n]] of byKind) console.log(`  ${kind.padEnd(8)} ${h}/${n}`);
  for (const m of misses) console.log(`  miss: ${m}`);
  expect(queries.length).toBeGreaterThanOrEqual(60);
  expect(recall).toBeGreaterThanOrEqual(0.9);
});
