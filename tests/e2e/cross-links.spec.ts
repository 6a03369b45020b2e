import { globSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect, test } from '@playwright/test';
import { at, KICKER } from './helpers';

/** An entry page whose See also names a planned (unwritten) id, found in the bundled content as it is now. */
function pageWithPlannedSeeAlso(): string {
  for (const plannedFile of globSync('content/*/planned.yaml').sort()) {
    const game = plannedFile.split('/')[1]!;
    const planned = new Set((parse(readFileSync(plannedFile, 'utf8')) as { planned: { id: string }[] }).planned.map((p) => String(p.id)));
    for (const file of globSync(`content/${game}/*/*.yaml`).sort()) {
      const data = parse(readFileSync(file, 'utf8')) as { seeAlso?: unknown[] } | null;
      if (data?.seeAlso?.some((id) => planned.has(String(id)))) {
        const [, , doc, name] = file.split('/');
        return `/ja/${game}/${doc}/${name!.replace(/\.yaml$/, '')}/`;
      }
    }
  }
  throw new Error('no entry has a planned See also target: write a fixture for this test');
}

const REF = 'a.ref[data-ref="cr/601.2#601.2b"]';

test.describe('rule references', () => {
  test('inline references link to the exact sub-rule', async ({ page }) => {
    await page.goto(at(`/en${KICKER}`));
    const ref = page.locator(`[id="702.33a"] > .txt[lang="en"] ${REF}`).first();
    await ref.click();
    await expect(page).toHaveURL(new RegExp(`${at('/en/mtg/cr/601.2/')}#601\\.2b$`));
    await expect(page.locator('[id="601.2b"]')).toBeInViewport();
  });

  test('hover shows a bilingual preview; moving away hides it', async ({ page }) => {
    await page.goto(at(`/ja${KICKER}`));
    const ref = page.locator(`[id="702.33a"] > .txt[lang="ja"] ${REF}`).first();
    await ref.hover();
    const card = page.locator('#ref-card');
    await expect(card).toBeVisible();
    await expect(card.locator('p[lang="ja"]')).not.toBeEmpty();
    await expect(card.locator('p[lang="en"]')).not.toBeEmpty();
    await expect(card.getByRole('link', { name: /601\.2b/ })).toBeVisible();
    await page.mouse.move(5, 5);
    await expect(card).toBeHidden();
  });

  test('keyboard focus shows the preview and Escape closes it', async ({ page }) => {
    await page.goto(at(`/en${KICKER}`));
    const ref = page.locator(`[id="702.33a"] > .txt[lang="en"] ${REF}`).first();
    await ref.focus();
    const card = page.locator('#ref-card');
    await expect(card).toBeVisible();
    await expect(ref).toHaveAttribute('aria-describedby', 'ref-card');
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(ref).toBeFocused();
  });

  test('on touch, the first tap previews and the second follows the link', async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(at(`/en${KICKER}`));
    const ref = page.locator(`[id="702.33a"] > .txt[lang="en"] ${REF}`).first();
    await ref.tap();
    await expect(page.locator('#ref-card')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${at(`/en${KICKER}`)}$`));
    await ref.tap();
    await expect(page).toHaveURL(/601\.2\/#601\.2b$/);
    await context.close();
  });

  test('pages without references do not load the preview script', async ({ page }) => {
    await page.goto(at('/en/marvel-champions/rr/atk/'));
    expect(await page.locator('script').evaluateAll((s) => s.some((x) => x.textContent?.includes('ref-card')))).toBe(false);
  });
});

test.describe('see also and referenced by', () => {
  test('an entry lists the entries that cite it, with the other language beside them', async ({ page }) => {
    await page.goto(at('/en/mtg/cr/601.2/'));
    const section = page.locator('section.referenced-by');
    await expect(section.getByRole('heading', { name: 'Referenced by' })).toBeVisible();
    await expect(section.getByRole('link', { name: /702\.33 Kicker/ })).toBeVisible();
    await expect(section.locator('[lang="ja"]', { hasText: 'キッカー' })).toBeVisible();
  });

  test('planned targets are named but not linked', async ({ page }) => {
    await page.goto(at(pageWithPlannedSeeAlso()));
    const planned = page.locator('section.see-also .planned').first();
    await expect(planned).toBeVisible();
    await expect(planned.locator('a')).toHaveCount(0);
  });
});

test.describe('dictionary terms', () => {
  test('link to their definition once per entry and language', async ({ page }) => {
    // 601.2 also has a term with no rule page of its own, which links to the dictionary.
    for (const path of ['/en/mtg/cr/607/', '/en/mtg/cr/601.2/']) {
      await page.goto(at(path));
      for (const lang of ['ja', 'en']) {
        const hrefs = await page.locator(`.rules .txt[lang="${lang}"] a.term`).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(hrefs.length).toBeGreaterThan(0);
        expect(new Set(hrefs).size, `${path} ${lang}`).toBe(hrefs.length);
      }
    }
    const term = page.locator('.rules .txt[lang="en"] a.term[href*="terms/#"]').first();
    const id = (await term.getAttribute('href'))!.split('#')[1]!;
    await term.click();
    await expect(page).toHaveURL(new RegExp(`/en/mtg/terms/#${id}$`));
    await expect(page.locator(`tr[id="${id}"]`)).toBeVisible();
  });
});
