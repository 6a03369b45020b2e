import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { BASE } from '../../playwright.config';

/** A site path under the deploy base: at('/ja/') → '/taiyaku/ja/'. */
export const at = (path: string) => `${BASE.replace(/\/$/, '')}${path}`;
export const KICKER = '/mtg/cr/702.33/';

/** axe's violations on the page as it is now (WCAG 2.1 A/AA and best practice), one line each: `{rule}: {targets}`. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The paths that scroll sideways on a 360 px phone, each with its width. */
export async function wideOnPhone(browser: Browser, baseURL: string, paths: readonly string[]): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, baseURL });
  const page = await context.newPage();
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(at(path));
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    if (w > 360) wide.push(`${path}: ${w}`);
  }
  await context.close();
  return wide;
}

/** axe's violations on each of `paths` in one colour scheme, one line each: `{path} {rule}: {targets}`. */
export async function axeOnPages(browser: Browser, baseURL: string, scheme: 'light' | 'dark', paths: readonly string[]): Promise<string[]> {
  const context = await browser.newContext({ colorScheme: scheme, baseURL });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(at(path));
    found.push(...(await axeViolations(page)).map((v) => `${path} ${v}`));
  }
  await context.close();
  return found;
}
