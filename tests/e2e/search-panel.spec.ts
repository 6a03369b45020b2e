// The header search panel: results as the reader types, on any page, without leaving it; nothing
// search-related is fetched before the box is used; a combobox driven by the keyboard.
import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Request } from '@playwright/test';
import { at, KICKER } from './helpers';

const PLAIN = '/ja/mtg/cr/117/';
// 置換 (replacement) finds a page on replacement effects first: each game has, or may have, one.
const REPLACEMENT = /\/ja\/(lorcana\/cr\/6\.5|mtg\/cr\/614|marvel-champions\/rr\/replacement-effect)\/(#|$)/;
const searchRelated = (url: string) => /\/pagefind\/|\/_astro\/search-|\/search\/(ja|en)\.json/.test(url);
const box = (page: Page) => page.locator('#site-search-q');
const options = (page: Page) => page.locator('#site-search-panel [role="option"]');

test.describe('header search panel', () => {
  test('a rule page fetches nothing for search until the box is used, and stays within 3 KB of JavaScript', async ({ page }) => {
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(at(PLAIN), { waitUntil: 'networkidle' });
    expect(requests.map((r) => r.url()).filter(searchRelated)).toEqual([]);
    // The page's JavaScript, gzip-compressed as a static host sends it: inline scripts and script files.
    const inline = await page.locator('script:not([src]):not([type="application/json"])').evaluateAll((ss) => ss.map((s) => s.textContent ?? ''));
    const files = await Promise.all(requests.filter((r) => r.resourceType() === 'script').map(async (r) => (await r.response())?.body() ?? Buffer.alloc(0)));
    const bytes = [...inline.map((s) => Buffer.from(s)), ...files].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    expect(bytes).toBeLessThanOrEqual(3 * 1024);
    // A tap on the box brings the panel; the first keystrokes choose the bundle that answers the
    // query's script, and bring its pagefind.js and one WebAssembly module (no worker).
    await box(page).click();
    await expect.poll(() => requests.some((r) => r.url().includes('/_astro/search-panel'))).toBe(true);
    const pagefind = () => requests.map((r) => new URL(r.url()).pathname).filter((u) => u.includes('/pagefind/'));
    expect(pagefind()).toEqual([]);
    await box(page).fill('置換');
    await expect(options(page).first()).toBeVisible();
    const japanese = pagefind();
    expect(japanese.filter((u) => /pagefind(-worker)?\.js$|\.pagefind$/.test(u))).toEqual([at('/pagefind/ja/pagefind.js'), at('/pagefind/ja/wasm.unknown.pagefind')]);
    expect(japanese.filter((u) => u.includes('/pagefind/en/'))).toEqual([]);
    // Latin letters are answered by the English bundle, with its own instance and module (the
    // English stemmer); the Japanese bundle is not consulted for them.
    await box(page).fill('replacement');
    await expect.poll(() => pagefind().some((u) => u.includes('/pagefind/en/fragment/'))).toBe(true);
    await expect(options(page).first()).toHaveAttribute('href', REPLACEMENT);
    const after = pagefind().slice(japanese.length);
    expect(after.filter((u) => u.includes('/pagefind/ja/'))).toEqual([]);
    expect(after.filter((u) => /\.js$|\.pagefind$/.test(u))).toEqual([at('/pagefind/en/pagefind.js'), at('/pagefind/en/wasm.en.pagefind')]);
    expect(requests.some((r) => r.url().includes('pagefind-worker'))).toBe(false);
  });

  test('shows results as the reader types, with the matching text and not the title, and links them', async ({ page }) => {
    await page.goto(at(PLAIN));
    await box(page).click();
    await box(page).pressSequentially('置換', { delay: 30 });
    await expect(options(page).first()).toBeVisible();
    await expect(options(page).first()).toHaveAttribute('href', REPLACEMENT);
    await expect(page.locator('#site-search-panel .sp-excerpt mark').first()).toContainText('置換');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#site-search-panel [role="status"]')).toContainText('件');
    // Still on the rule page.
    expect(new URL(page.url()).pathname).toBe(at(PLAIN));
  });

  test('an excerpt never repeats the entry title', async ({ page }) => {
    await page.goto(at(`/ja${KICKER}`));
    await box(page).click();
    await box(page).fill('キッカー');
    await expect(options(page).first()).toBeVisible();
    // Its long pages' excerpts (the dictionary's) come after the list.
    await expect(page.locator('#site-search-list')).toHaveAttribute('aria-busy', 'false');
    const shown = await options(page).evaluateAll((os) => os.map((o) => ({
      title: o.querySelector('.sp-title')?.textContent ?? '', excerpt: o.querySelector('.sp-excerpt')?.textContent ?? '',
    })));
    expect(shown.length).toBeGreaterThan(0);
    for (const { title, excerpt } of shown) {
      expect(excerpt.length, title).toBeGreaterThan(0);
      expect(excerpt, title).not.toContain(title);
      // Before: "702.33キッカー. Kicker. 702.33 キッカー / Kicker …"
      expect(excerpt, title).not.toMatch(/^\s*\d[\d.]*\s?キッカー\.?\s*Kicker/);
    }
  });

  test.describe('without the service worker (its fetches pass page.route by)', () => {
  test.use({ serviceWorkers: 'block' });
  test('a long page is listed before its fragment arrives, in its place, then gets its sub-rule and excerpt', async ({ page }) => {
    // The bundle's entry lists its long pages; the dictionary's fragment is held back until the list is on screen.
    const entry = await (await page.request.get(at('/pagefind/ja/pagefind-entry.json'))).json() as { taiyaku: { v: number; pages: Record<string, [string, string, string, string]> } };
    expect(entry.taiyaku.v).toBe(1);
    const long = entry.taiyaku.pages;
    const dictionary = Object.entries(long).find(([, row]) => row[0] === '/ja/mtg/terms/')?.[0];
    expect(dictionary, 'the Japanese Magic dictionary is a long page').toBeDefined();
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    const heldBack: string[] = [];
    await page.route(/\/pagefind\/ja\/fragment\/.*\.pf_fragment$/, async (route) => {
      const hash = /([^/]+)\.pf_fragment$/.exec(route.request().url())![1]!;
      // The dictionary's only (a long page whose sub-rule decides a place, as the definition 702.33 does, is not held by the panel either).
      if (hash === dictionary) { heldBack.push(hash); await held; }
      await route.continue();
    });
    await page.goto(at(`/ja${KICKER}`));
    await box(page).click();
    await box(page).fill('キッカー');
    const list = page.locator('#site-search-list');
    await expect(list).toHaveAttribute('data-query', 'キッカー');
    await expect(list).toHaveAttribute('aria-busy', 'true');
    const read = () => options(page).evaluateAll((os) => os.map((o) => ({
      href: o.getAttribute('href') ?? '', title: o.querySelector('.sp-title')?.textContent ?? '', excerpt: o.querySelector('.sp-excerpt')?.textContent ?? '',
    })));
    const quick = await read();
    const terms = quick.findIndex((o) => o.href === at('/ja/mtg/terms/'));
    expect(terms, `the dictionary is listed, as its page: ${JSON.stringify(quick)}`).toBeGreaterThanOrEqual(0);
    expect(quick[terms]!.title).toBe(long[dictionary!]![1]);
    expect(quick[terms]!.excerpt).toBe('');
    expect(heldBack).toContain(dictionary);
    // The reader's choice stays where it is when the excerpts arrive.
    await box(page).press('ArrowDown');
    release();
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const full = await read();
    expect(full.map((o) => o.href.replace(/#.*$/, ''))).toEqual(quick.map((o) => o.href.replace(/#.*$/, '')));
    expect(full[terms]!.href).toMatch(/\/ja\/mtg\/terms\/#[a-z-]+$/);
    expect(full[terms]!.excerpt.length).toBeGreaterThan(0);
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  });
  });

  test('keyboard: arrows choose, Enter opens, Escape closes and leaves focus in the box', async ({ page }) => {
    await page.goto(at('/en/mtg/cr/117/'));
    await page.keyboard.press('/');
    await expect(box(page)).toBeFocused();
    await page.keyboard.type('kicker');
    // The list for the whole query, not for a prefix typed before it (a later list would replace it).
    await expect(page.locator('#site-search-panel [role="listbox"]')).toHaveAttribute('data-query', 'kicker');
    await expect(options(page).nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', 'site-search-opt-0');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowUp');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', 'site-search-opt-0');
    await page.keyboard.press('Escape');
    await expect(page.locator('#site-search-panel')).toBeHidden();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(box(page)).not.toHaveAttribute('aria-activedescendant');
    await expect(box(page)).toBeFocused();
    // Back down into the list, and Enter opens the chosen result.
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#site-search-panel')).toBeVisible();
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    const href = await options(page).first().getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${(href ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  test('Enter with nothing chosen opens the search page for the query; a click elsewhere closes the panel', async ({ page }) => {
    await page.goto(at('/en/mtg/cr/117/'));
    await box(page).click();
    await box(page).fill('priority');
    await expect(options(page).first()).toBeVisible();
    await page.mouse.click(2, 600); // beside the panel
    await expect(page.locator('#site-search-panel')).toBeHidden();
    await box(page).click();
    await expect(page.locator('#site-search-panel')).toBeVisible();
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/en\/search\/\?q=priority$/);
    await expect(page.locator('#search-results a.r-title').first()).toBeVisible();
  });

  test('a first query in the other language loads only that language\'s bundle', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(at(PLAIN));
    await box(page).click();
    await box(page).fill('resolving'); // not a dictionary wording (a wording also searches its Japanese term)
    await expect(options(page).first()).toHaveAttribute('href', new RegExp(`^${at('/ja/')}`));
    expect(requests.filter((u) => u.includes('/pagefind/ja/'))).toEqual([]);
    expect(requests.filter((u) => /wasm/.test(u))).toEqual([at('/pagefind/en/wasm.en.pagefind')]);
  });

  test('a result found only in the other language is shown in that language', async ({ page }) => {
    await page.goto(at(PLAIN));
    await box(page).click();
    await box(page).fill('resolving');
    await expect(options(page).first()).toBeVisible();
    // Links stay in the reader's interface language; text keeps its own language for screen readers.
    for (const href of await options(page).evaluateAll((os) => os.map((o) => o.getAttribute('href')))) expect(href).toContain('/ja/');
    const langs = await page.locator('#site-search-panel .sp-excerpt').evaluateAll((es) => es.map((e) => e.getAttribute('lang')));
    expect(langs).toContain('en');
  });

  test('untrusted text stays text: only Pagefind marks become markup', async ({ page }) => {
    await page.goto(at(PLAIN));
    await box(page).click();
    await box(page).fill('<img src=x onerror=alert(1)>');
    await expect(page.locator('#site-search-panel [role="status"]')).not.toBeEmpty();
    expect(await page.locator('#site-search-panel img').count()).toBe(0);
    const tags = await page.locator('#site-search-panel').evaluate((p) => [...new Set([...p.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()))]);
    for (const tag of tags) expect(['p', 'div', 'a', 'span', 'mark']).toContain(tag);
  });
});
