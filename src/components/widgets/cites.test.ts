import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDesc } from '~/engines/testing/arbitrary';
import { ENGINE_IDS, loadAll } from '~/widgets/registry';
import { loadContent } from '~/content/load-content';
import { citeHtml } from '~/widgets/render';
import { citeTable } from './cites';

// Every rule a worked example cites is either a working link into the bundled content or plain
// text naming the id (planned or not yet written): never a link to a page or anchor that is missing.
const { site } = loadContent('content');
const modules = await loadAll();

describe.each(ENGINE_IDS.map((id) => [id, modules[id]] as const))('%s', (_, engine) => {
  const steps = engine.presetIds.flatMap((p) => {
    const s = engine.preset(p);
    const r = s.ok ? engine.play(s.value) : s;
    return r.ok ? r.value.steps : [];
  });
  const game = steps[0]!.cite.game;
  const cites = citeTable(site, game, steps.map((s) => s.cite.id), 'ja');
  const ctx = { cites };

  it('cites only ids the content knows: a written entry or sub-rule, or one declared in planned.yaml', () => {
    // the worked examples and a few hundred random scenarios, so steps no example reaches are covered
    const random = fc.sample(fromDesc(engine.schema), { numRuns: 600, seed: 7 }).flatMap((s) => {
      const r = engine.play(s);
      return r.ok ? r.value.steps : [];
    });
    for (const step of [...steps, ...random]) expect(site.resolve(game, step.cite.id), `${step.key} cites ${step.cite.id}`).toBeDefined();
  });

  it('links each cite to its written entry and anchor, or names it as plain text', () => {
    for (const step of steps) {
      const html = citeHtml(ctx, step.cite);
      const target = site.resolve(game, step.cite.id);
      if (target === undefined || target.kind === 'planned') {
        expect(html).toBe(`<span class="sim-rule">${step.cite.id}</span>`);
        continue;
      }
      const href = /href="([^"]+)"/.exec(html)?.[1];
      const e = target.entry;
      expect(href).toBe(`/ja/${game}/${e.doc}/${e.id}/${target.kind === 'rule' ? `#${step.cite.id}` : ''}`);
    }
  });
});

it('names glossary steps by entry and step, rule numbers by number', () => {
  // the attack's step titles follow Rules Reference 1.8's six steps; the ids keep 1.7's numbers
  const ids = ['attack-enemy-activation.step-4', 'attack-enemy-activation.step-4.calculate', 'attack-enemy-activation.step-4.deal', 'attack-enemy-activation.step-5', 'attack-enemy-activation.step-5b'];
  const cites = citeTable(site, 'marvel-champions', ids, 'en');
  const ctx = { cites };
  const titles = ['Steps 4 and 5: Calculate and deal damage', 'Step 4: Calculate damage', 'Step 5: Deal damage', 'Step 6: Abilities after the attack', '6a'];
  ids.forEach((id, i) => {
    expect(citeHtml(ctx, { game: 'marvel-champions', id })).toBe(
      `<a class="sim-rule" href="/en/marvel-champions/rr/attack-enemy-activation/#${id}">Attack (enemy activation) › ${titles[i]!}</a>`,
    );
  });
  const ja = citeTable(site, 'marvel-champions', ['attack-enemy-activation.step-4.deal'], 'ja');
  expect(citeHtml({ cites: ja }, { game: 'marvel-champions', id: 'attack-enemy-activation.step-4.deal' })).toBe(
    '<a class="sim-rule" href="/ja/marvel-champions/rr/attack-enemy-activation/#attack-enemy-activation.step-4.deal">攻撃（敵の発動） › ステップ5：ダメージを与える</a>',
  );
  expect(citeHtml(ctx, { game: 'marvel-champions', id: 'no-such-rule' })).toBe('<span class="sim-rule">no-such-rule</span>');
  const mtg = citeTable(site, 'mtg', ['702.33d'], 'ja');
  expect(citeHtml({ ...ctx, cites: mtg }, { game: 'mtg', id: '702.33d' })).toBe('<a class="sim-rule" href="/ja/mtg/cr/702.33/#702.33d">702.33d</a>');
});
