import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { at } from './helpers';

// The simulator widgets as a reader meets them: server-rendered steps first, then the
// live form. Most checks use the Marvel Champions attack widget on the Japanese villain phase page (Rules Reference).
const VILLAIN_PHASE = '/ja/marvel-champions/rr/villain-phase/';
const WIDGET_PAGES: [string, string][] = [
  [VILLAIN_PHASE, 'sim-mc-attack'],
  [VILLAIN_PHASE, 'sim-mc-scheme'],
  ['/en/marvel-champions/rr/ability/', 'sim-mc-timing'],
  ['/ja/mtg/cr/702.33/', 'sim-mtg-stack'],
  ['/en/lorcana/guide/challenges-and-damage/', 'sim-lorcana-challenge'],
  ['/ja/lorcana/guide/challenges-and-damage/', 'sim-lorcana-damage'],
  ['/en/lorcana/cr/7.7/', 'sim-lorcana-bag'],
];

async function open(page: Page, path = VILLAIN_PHASE, id = 'sim-mc-attack'): Promise<Locator> {
  await page.goto(at(path));
  const w = page.locator(`#${id}`);
  await expect(w.locator('[data-role="nav"]')).toBeVisible(); // the element has taken over
  return w;
}
const steps = (w: Locator) => w.locator('[data-role="steps"] > li');
const counter = (w: Locator) => w.locator('[data-role="counter"]');
const edit = async (w: Locator) => {
  await w.locator('summary').click();
};

test('steps through a preset: forward, back, reset, show all, keyboard', async ({ page }) => {
  const w = await open(page);
  const total = await steps(w).count();
  expect(total).toBe(10);
  await expect(steps(w).filter({ visible: true })).toHaveCount(1);
  await expect(counter(w)).toHaveText(`手順 1／${total}`);
  await expect(w.locator('[data-role="end"]')).toBeHidden();

  await w.getByRole('button', { name: '次へ' }).click();
  await w.getByRole('button', { name: '次へ' }).click();
  await expect(counter(w)).toHaveText(`手順 3／${total}`);
  await expect(steps(w).filter({ visible: true })).toHaveCount(3);
  await expect(steps(w).nth(2)).toHaveAttribute('aria-current', 'step');
  await expect(w.locator('[data-role="live"]')).toHaveText(`手順3／${total}：プレイヤー1のヒーローが消耗して防御します。`);

  await w.getByRole('button', { name: '前へ' }).click();
  await expect(counter(w)).toHaveText(`手順 2／${total}`);
  await w.getByRole('button', { name: '最初に戻る' }).click();
  await expect(counter(w)).toHaveText(`手順 1／${total}`);
  await expect(w.getByRole('button', { name: '前へ' })).toHaveAttribute('aria-disabled', 'true');

  // keyboard only: Enter on the focused button, then the arrow keys inside the controls
  await w.getByRole('button', { name: '次へ' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await expect(counter(w)).toHaveText(`手順 3／${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter(w)).toHaveText(`手順 2／${total}`);

  const all = w.getByRole('button', { name: 'すべての手順を表示' });
  await all.click();
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  await expect(steps(w).filter({ visible: true })).toHaveCount(total);
  await expect(w.locator('[data-role="end"]')).toContainText('最終的な ATK4');
  await all.click();
  await expect(steps(w).filter({ visible: true })).toHaveCount(2);
});

test('changing an input changes the result', async ({ page }) => {
  const w = await open(page);
  await edit(w);
  await w.getByLabel('ブースト前の ATK', { exact: true }).fill('5');
  await w.getByRole('button', { name: 'すべての手順を表示' }).click();
  // ATK 5 + 2 boost icons = 7, DEF 3 leaves 4
  await expect(w.locator('[data-role="steps"]')).toContainText('プレイヤー1のヒーローが4ダメージを受けます：ヒットポイント10 → 6。');
  await expect(w.locator('[data-role="end"]')).toContainText('最終的な ATK7');
  await expect(w.locator('[data-role="preset"]')).toHaveValue('');
  await expect(w.locator('[data-role="preset"] option:checked')).toHaveText('自分で変えた状況');
});

test('bad input shows a message next to the field and no result', async ({ page }) => {
  const w = await open(page);
  await edit(w);
  const result = w.locator('[data-role="result"]');
  const atk = w.getByLabel('ブースト前の ATK', { exact: true });

  await atk.fill('-1');
  const err = w.locator('#sim-mc-attack-f-attacker-atk-err');
  await expect(err).toHaveText('マイナスにはできません。');
  await expect(atk).toHaveAttribute('aria-invalid', 'true');
  await expect(atk).toHaveAttribute('aria-describedby', 'sim-mc-attack-f-attacker-atk-err');
  await expect(result).toBeHidden();
  await expect(w.locator('[data-role="problems"]')).toContainText('印の付いた欄を直すまで');
  await expect(w.getByRole('button', { name: 'この状況へのリンクをコピー' })).toHaveAttribute('aria-disabled', 'true');

  await atk.fill('');
  await expect(err).toHaveText('この欄を入力してください。');
  await expect(result).toBeHidden();

  await atk.fill('2');
  await expect(err).toHaveCount(0);
  await expect(atk).not.toHaveAttribute('aria-invalid');
  await expect(result).toBeVisible();

  // a defender that cannot defend: the defending hero is exhausted
  await w.locator('#sim-mc-attack-f-players-0-identity-exhausted').check();
  const defence = w.locator('#sim-mc-attack-f-defender');
  await expect(defence.locator('.sim-err')).toHaveText('このキャラクターは防御できません：消耗しています。');
  await expect(defence).toHaveAttribute('aria-describedby', 'sim-mc-attack-f-defender-err');
  await expect(result).toBeHidden();
  await w.getByLabel('防御するキャラクター').selectOption('none');
  await expect(defence.locator('.sim-err')).toHaveCount(0);
  await expect(result).toBeVisible();
});

test('a damaged scenario link shows a message and no result', async ({ page }) => {
  await page.goto(at(`${VILLAIN_PHASE}#sim=sim-mc-attack:mca1.garbage:3`));
  const w = page.locator('#sim-mc-attack');
  await expect(w.locator('[data-role="problems"]')).toContainText('このリンクの状況は使えません');
  await expect(w.locator('[data-role="problems"]')).toContainText('リンクを読み取れません');
  await expect(w.locator('[data-role="result"]')).toBeHidden();
  // picking an example recovers
  await w.locator('[data-role="preset"]').selectOption('tough-kept');
  await expect(w.locator('[data-role="result"]')).toBeVisible();
  await expect(w.locator('[data-role="problems"]')).toBeEmpty();
});

test('choosing another preset shows its resolution', async ({ page }) => {
  const w = await open(page);
  await w.locator('[data-role="preset"]').selectOption('ally-overkill');
  await expect(steps(w).first()).toContainText('ミニオンがプレイヤー1のヒーローを攻撃します（ATK 5）。');
  await expect(counter(w)).toHaveText('手順 1／9');
  await w.getByRole('button', { name: 'すべての手順を表示' }).click();
  await expect(w.locator('[data-role="steps"]')).toContainText('オーバーキル：あふれた3ダメージは、プレイヤー1のアイデンティティに与えられます。');
});

test('the scenario link reproduces the scenario and step in a fresh page', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const w = await open(page);
  await edit(w);
  await w.getByLabel('ブースト前の ATK', { exact: true }).fill('4');
  for (let i = 0; i < 3; i++) await w.getByRole('button', { name: '次へ' }).click();
  await expect(counter(w)).toHaveText('手順 4／10');
  await w.getByRole('button', { name: 'この状況へのリンクをコピー' }).click();
  await expect(w.locator('[data-role="link-status"]')).toHaveText('リンクをコピーしました。');
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/ja\/marvel-champions\/rr\/villain-phase\/#sim=sim-mc-attack:mca3\.[A-Za-z0-9_-]+:4$/);
  await context.close();

  const fresh = await browser.newPage();
  await fresh.goto(url);
  const again = fresh.locator('#sim-mc-attack');
  await expect(counter(again)).toHaveText('手順 4／10');
  await expect(steps(again).filter({ visible: true })).toHaveCount(4);
  await expect(again.locator('[data-role="preset"] option:checked')).toHaveText('自分で変えた状況');
  await expect(again.getByLabel('ブースト前の ATK', { exact: true })).toHaveValue('4');
  await expect(again.locator('[data-role="steps"] > li').nth(3)).toContainText('ATK 4');
  await expect(again.locator('.sim-title')).toBeInViewport();
  await fresh.close();
});

test('without JavaScript the server-rendered steps are all there', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(at(VILLAIN_PHASE));
  const w = page.locator('#sim-mc-attack');
  await expect(steps(w)).toHaveCount(10);
  await expect(steps(w).filter({ visible: true })).toHaveCount(10);
  await expect(steps(w).last()).toContainText('攻撃が終わりました');
  await expect(steps(w).nth(7)).toContainText('DEF は3なので、ATK 4のダメージは1に減ります。');
  // 1.8's step 4, calculating the damage (the id keeps 1.7's step number)
  await expect(steps(w).nth(7).getByRole('link')).toHaveAttribute('href', /\/ja\/marvel-champions\/rr\/attack-enemy-activation\/#attack-enemy-activation\.step-4\.calculate$/);
  await expect(steps(w).nth(7).getByRole('link')).toHaveText('攻撃（敵の発動） › ステップ4：ダメージを計算する');
  await expect(w.locator('[data-role="end"]')).toBeVisible();
  await expect(w.locator('[data-role="nav"]')).toBeHidden();
  await expect(w.locator('[data-role="bar"]')).toBeHidden();
  await context.close();
});

test('every embedded widget starts, in both languages, without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  for (const [path, id] of WIDGET_PAGES) {
    const w = await open(page, path, id);
    await expect(steps(w).filter({ visible: true })).toHaveCount(1);
    await w.locator('[data-role="next"]').click();
    await expect(steps(w).filter({ visible: true })).toHaveCount(2);
  }
  expect(errors).toEqual([]);
});

test('a plain rule page ships no widget code', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(at('/ja/mtg/cr/601.2/'));
  await page.waitForLoadState('networkidle');
  expect(requests.filter((u) => /Simulator|widgets|taiyaku-sim|engine/.test(u))).toEqual([]);
  await expect(page.locator('taiyaku-sim')).toHaveCount(0);
});

test('fits a phone: no sideways scrolling with the form open', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const w = await open(page, '/ja/lorcana/guide/challenges-and-damage/', 'sim-lorcana-challenge');
  await edit(w);
  await w.getByRole('button', { name: 'すべての手順を表示' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: the live widget with the form open and an error shown (${scheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const w = await open(page);
    await edit(w);
    const axe = async () => {
      const results = await new AxeBuilder({ page })
        .include('#sim-mc-attack')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    const atk = w.getByLabel('ブースト前の ATK', { exact: true });
    await atk.fill('-1'); // an error on a field
    await expect(w.locator('.sim-err')).toHaveCount(1);
    await axe();
    await atk.fill('2');
    await w.locator('#sim-mc-attack-f-players-0-identity-exhausted').check(); // an error on a group
    await expect(w.locator('#sim-mc-attack-f-defender .sim-err')).toHaveCount(1);
    await axe();
    await context.close();
  });
}

// A picture of every step (issue 18): drawn on the server for the preset's final state, redrawn by
// the widget as the reader steps; classes only, readable without JavaScript, in both languages.
const picture = (w: Locator) => w.locator('[data-role="picture"]');

test('the picture follows the steps: the stack, top first, with who holds priority', async ({ page }) => {
  const w = await open(page, '/ja/mtg/cr/702.33/', 'sim-mtg-stack');
  const pic = picture(w);
  const total = await steps(w).count();
  await expect(pic).toContainText(`手順1／${total}のあと`);
  await expect(pic.locator('.pic-pile')).toHaveCount(0);
  await expect(pic).toContainText('スタックは空です。');
  await w.getByRole('button', { name: '次へ' }).click();
  await expect(pic).toContainText(`手順2／${total}のあと`);
  await expect(pic.locator('.pic-pile > li')).toHaveCount(1);
  await expect(pic.locator('.pic-pile > li').first()).toContainText('《噴出の稲妻》（Burst Lightning）');
  await expect(pic.locator('.pic-priority')).toContainText('優先権：アクティブ・プレイヤー');
  // Shock on top of Burst Lightning
  for (let i = 0; i < 8; i++) await w.getByRole('button', { name: '次へ' }).click();
  await expect(pic.locator('.pic-pile > li')).toHaveCount(2);
  await expect(pic.locator('.pic-pile > li').first()).toContainText('《ショック》（Shock）');
  await w.getByRole('button', { name: 'すべての手順を表示' }).click();
  await expect(pic).toContainText('最後の状況');
  expect(await pic.evaluate((el) => [...el.querySelectorAll('[style]')].length)).toBe(0);
});

test('without JavaScript the picture shows the final state, in English card names on an English page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(at('/en/lorcana/guide/challenges-and-damage/'));
  const w = page.locator('#sim-lorcana-damage');
  await expect(picture(w)).toContainText('At the end');
  await expect(picture(w).locator('.pic-lcard')).toHaveCount(2);
  await expect(picture(w)).toContainText('Beast');
  await expect(picture(w)).toContainText('damage 2 of 4');
  await page.goto(at('/ja/lorcana/guide/challenges-and-damage/'));
  await expect(page.locator('#sim-lorcana-challenge [data-role="picture"]')).toContainText('《ラフィキ》（Rafiki）');
  await expect(page.locator('#sim-lorcana-challenge [data-role="steps"]')).toContainText('《ラフィキ》（Rafiki）');
  await context.close();
});

test('the timing ladder and the bag say who chooses and who is resolving', async ({ page }) => {
  const w = await open(page, '/en/marvel-champions/rr/ability/', 'sim-mc-timing');
  await w.locator('[data-role="preset"]').selectOption('choice-in-tier');
  await w.getByRole('button', { name: 'Show all steps' }).click();
  await expect(w.locator('[data-role="steps"]')).toContainText('Tier 4a holds 2 abilities: the first player decides their order.');
  await expect(picture(w).locator('.pic-rung')).toHaveCount(8);
  await expect(picture(w).locator('.pic-rung').nth(5)).toContainText('the first player decides their order');
  // the page's example: the active player resolves both of theirs, then the bag passes (7.7.4.2–7.7.4.4)
  const bag = await open(page, '/en/lorcana/cr/7.7/', 'sim-lorcana-bag');
  const next = bag.getByRole('button', { name: 'Next step' });
  for (let i = 0; i < 3; i++) await next.click();
  await expect(picture(bag).locator('.pic-resolving')).toContainText(/the active player, resolving/i);
  await next.click();
  await expect(picture(bag).locator('.pic-resolving')).toContainText(/the active player, resolving/i);
  await next.click();
  await expect(bag.locator('[data-role="steps"] > li').nth(5)).toContainText('the bag passes to player 2');
  await expect(picture(bag).locator('.pic-resolving')).toContainText(/player 2, resolving/i);
});

test('format-1 scenario links still open the same scenario', async ({ page }) => {
  await page.goto(at(`${VILLAIN_PHASE}#sim=sim-mc-attack:mca1.0._.2.0.0.14.0.1.2.0.0.0.1._.10.1.0.0.0.3.0.0._.1.0.0:3`));
  const w = page.locator('#sim-mc-attack');
  await expect(counter(w)).toHaveText('手順 3／10');
  await expect(w.locator('[data-role="preset"]')).toHaveValue('tough-spent');
  // a format-1 bag link whose second pick the corrected order (7.7.4.3) refuses opens with the reason
  await page.goto(at('/en/lorcana/cr/7.7/#sim=sim-lorcana-bag:lb1.2.3.B1.1._.B2.1._.A1.0.*.0.3.0.2.1:1'));
  const bag = page.locator('#sim-lorcana-bag');
  await expect(bag.locator('.sim-err')).toContainText('At this point it is player 2 who chooses.');
  await expect(bag.locator('[data-role="result"]')).toBeHidden();
});

test('a scenario link copied from the page\'s old guide address opens the same scenario on its page now', async ({ page }) => {
  // Until 2026-12-02 this page was /ja/marvel-champions/guide/villain-phase/ (content/redirects.yaml).
  const sim = '#sim=sim-mc-attack:mca1.0._.2.0.0.14.0.1.2.0.0.0.1._.10.1.0.0.0.3.0.0._.1.0.0:3';
  await page.goto(at(`/ja/marvel-champions/guide/villain-phase/${sim}`));
  await expect(page).toHaveURL(new RegExp(`${at(VILLAIN_PHASE).replace(/[.]/g, '\\.')}${sim.replace(/[.]/g, '\\.')}$`));
  const w = page.locator('#sim-mc-attack');
  await expect(counter(w)).toHaveText('手順 3／10');
  await expect(w.locator('[data-role="preset"]')).toHaveValue('tough-spent');
  // and a step's anchor lands on the same step
  await page.goto(at('/en/marvel-champions/guide/villain-phase/#villain-phase.step-3'));
  await expect(page).toHaveURL(/\/en\/marvel-champions\/rr\/villain-phase\/#villain-phase\.step-3$/);
  await expect(page.locator(':target')).toHaveAttribute('id', 'villain-phase.step-3');
});

test('the pictures fit a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  for (const [path, id] of [[VILLAIN_PHASE, 'sim-mc-attack'], ['/ja/mtg/cr/702.33/', 'sim-mtg-stack'], ['/ja/lorcana/guide/challenges-and-damage/', 'sim-lorcana-challenge']] as const) {
    const w = await open(page, path, id);
    await w.getByRole('button', { name: 'すべての手順を表示' }).click();
    await expect(picture(w)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
  await context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: every picture, stepped and at the end (${scheme})`, async ({ browser }) => {
    test.setTimeout(120_000); // seven pages, one axe run each
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    for (const [path, id] of WIDGET_PAGES) {
      const w = await open(page, path, id);
      await w.locator('[data-role="next"]').click();
      const results = await new AxeBuilder({ page }).include(`#${id} [data-role="picture"]`).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      expect(results.violations.map((v) => `${id} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await context.close();
  });
}
