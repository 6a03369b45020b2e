import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { at, KICKER } from './helpers';

const GRAPH = at('/en/mtg/graph/');
const viewBox = async (page: Page) => (await page.locator('svg.graph').getAttribute('viewBox'))!.split(' ').map(Number);

test.describe('graph page', () => {
  test('the filter highlights matching nodes, by id or by title in either language', async ({ page }) => {
    await page.goto(GRAPH);
    const filter = page.getByLabel('Filter');
    await filter.fill('kicker');
    await expect(page.locator('svg.graph .n.match')).toHaveCount(1);
    await expect(page.locator('svg.graph .n.match')).toHaveAttribute('data-id', '702.33');
    await expect(page.locator('svg.graph')).toHaveClass(/filtering/);
    await expect(page.locator('#graph-status')).toHaveText('1 matching');
    await filter.fill('キッカー');
    await expect(page.locator('svg.graph .n.match')).toHaveAttribute('data-id', '702.33');
    await filter.fill('60');
    const ids = await page.locator('svg.graph .n.match').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(ids).toEqual(expect.arrayContaining(['601.2', '607', '608']));
    expect(ids.every((id) => id?.includes('60') || false)).toBe(true);
    await filter.fill('');
    await expect(page.locator('svg.graph .n.match')).toHaveCount(0);
    await expect(page.locator('svg.graph')).not.toHaveClass(/filtering/);
  });

  test('clicking a node opens its entry; Enter in the filter goes to the first match', async ({ page }) => {
    await page.goto(GRAPH);
    // Click a visible part of the node: in a dense graph a neighbour's label may cover its middle.
    const spot = await page.locator('svg.graph a.n[data-id="702.33"] circle').evaluate((c) => {
      const box = c.getBoundingClientRect();
      for (let dy = 0; dy <= box.height; dy += 1) for (let dx = 0; dx <= box.width; dx += 1) {
        const x = box.left + dx;
        const y = box.top + dy;
        if (document.elementFromPoint(x, y) === c) return { x, y };
      }
      return null;
    });
    expect(spot, 'some part of the node can be clicked').not.toBeNull();
    await page.mouse.click(spot!.x, spot!.y);
    await expect(page).toHaveURL(at(`/en${KICKER}`));
    await page.goto(GRAPH);
    await page.getByLabel('Filter').fill('601.2');
    await page.getByLabel('Filter').press('Enter');
    await expect(page.locator('svg.graph a.n[data-id="601.2"]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(at('/en/mtg/cr/601.2/'));
  });

  test('planned targets are ghosts, not links', async ({ page }) => {
    await page.goto(GRAPH);
    const ghosts = page.locator('svg.graph g.n.ghost');
    expect(await ghosts.count()).toBeGreaterThan(0);
    await expect(page.locator('svg.graph a.n.ghost')).toHaveCount(0);
    await expect(ghosts.first().locator('title')).toContainText('(planned)');
  });

  test('zoom buttons, keys, wheel and drag change the view', async ({ page }) => {
    await page.goto(GRAPH);
    const start = await viewBox(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const zoomed = await viewBox(page);
    expect(zoomed[2]).toBeLessThan(start[2]!);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    expect((await viewBox(page))[2]).toBeGreaterThan(start[2]!);
    await page.getByRole('button', { name: 'Fit' }).click();
    expect(await viewBox(page)).toEqual(start);

    await page.locator('svg.graph').focus();
    await page.keyboard.press('+');
    expect((await viewBox(page))[2]).toBeLessThan(start[2]!);
    const before = await viewBox(page);
    await page.keyboard.press('ArrowRight');
    expect((await viewBox(page))[0]).toBeGreaterThan(before[0]!);
    await page.keyboard.press('0');
    expect(await viewBox(page)).toEqual(start);

    const box = (await page.locator('.graph-viewport').boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await viewBox(page))[2]).toBeLessThan(start[2]!);
    const beforeDrag = await viewBox(page);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 80, { steps: 5 });
    await page.mouse.up();
    expect((await viewBox(page))[0]).toBeLessThan(beforeDrag[0]!);
  });

  test('a drag that starts on a node does not open it', async ({ page }) => {
    await page.goto(GRAPH);
    const node = (await page.locator('svg.graph a.n[data-id="702.33"] circle').boundingBox())!;
    await page.mouse.move(node.x + node.width / 2, node.y + node.height / 2);
    await page.mouse.down();
    await page.mouse.move(node.x + 80, node.y + 60, { steps: 5 });
    await page.mouse.up();
    await expect(page).toHaveURL(GRAPH);
  });

  test('the same graph is offered as a list, with each node’s links', async ({ page }) => {
    // axe over the whole list (every node with its links) took 31–41 s on a slower 2-core machine (2026-12-02).
    test.slow();
    await page.goto(GRAPH);
    const list = page.locator('details.graph-list');
    await list.locator('summary').click();
    const items = list.locator(':scope > ul > li');
    expect(await items.count()).toBe(await page.locator('svg.graph .n').count());
    const kicker = items.filter({ has: page.locator(':scope > a', { hasText: /^702\.33 Kicker$/ }) });
    const linksTo = kicker.locator('li', { hasText: 'Links to' });
    await expect(linksTo.getByRole('link', { name: '601.2 Casting a spell, step by step' })).toBeVisible();
    await expect(linksTo).toContainText('(See also, reference)');
    await expect(kicker.locator('li', { hasText: 'Linked from' })).toContainText('601.2');
    const results = await new AxeBuilder({ page }).include('details.graph-list').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('an entry page links to its node on the graph page, which centres it', async ({ page }) => {
    await page.goto(at(`/en${KICKER}`));
    const section = page.locator('section.local-graph');
    await expect(section.locator('svg.graph a.n.current')).toHaveAttribute('aria-current', 'page');
    expect(await section.locator('script').count()).toBe(0);
    await section.getByRole('link', { name: 'Open the whole graph' }).click();
    await expect(page).toHaveURL(`${GRAPH}#n-702.33`);
    await expect(page.locator('svg.graph a.n[data-id="702.33"]')).toHaveClass(/match/);
  });
});
