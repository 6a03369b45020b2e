// The simulator dictionary is complete: every step key, error code, schema field (and its list
// items and choices), engine title and preset has a string in both languages, every step of every
// preset fills its template, and the subset a widget ships is enough for anything it can show.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type EngineError } from '~/engines';
import { ENGINE_IDS, loadAll } from '~/widgets/registry';
import { fromDesc, junk } from '~/engines/testing/arbitrary';
import { dictionaries, format } from '~/i18n';
import type { Lang } from '~/schemas/content';
import { renderForm } from './form';
import { cardKey, cardNames, errorKey, fieldKey, fieldPaths, itemKey, keysFor, optionKey, presetKey, presetTexts, stepKey, titleKey } from './keys';
import type { SimModule } from './module';
import { NO_CITES, renderEnd, renderPicture, renderSteps } from './render';
import type { Tr } from './text';

const modules = await loadAll();
const engines = ENGINE_IDS.map((id) => [id, modules[id]] as const);
const STEP_KEYS = [...new Set(engines.flatMap(([, m]) => m.stepKeys))];
const LANGS: Lang[] = ['ja', 'en'];
const trOf = (lang: Lang): Tr => (key, params) => format(lang, key, params);

/** A translator that knows only `strings` and fails on anything else, as the browser's would. */
function subsetTr(strings: Record<string, string>): Tr {
  return (key, params = {}) => {
    const t = strings[key];
    if (t === undefined) throw new Error(`not shipped: ${key}`);
    return t.replace(/\{(\w+)\}/g, (_, n: string) => {
      const v = params[n];
      if (v === undefined) throw new Error(`${key} needs {${n}}`);
      return String(v);
    });
  };
}

function expectedKeys(id: string, engine: SimModule): string[] {
  const keys = [titleKey(id), ...engine.presetIds.map((p) => presetKey(id, p))];
  for (const f of fieldPaths(engine.schema)) {
    keys.push(fieldKey(id, f.path));
    if (f.desc.t === 'list') keys.push(itemKey(id, f.path));
    for (const o of f.options) keys.push(optionKey(id, f.path, o));
    if (f.desc.t === 'int' && (engine.wording.choiceFields ?? []).includes(f.path)) {
      for (let v = f.desc.min; v <= f.desc.max; v++) keys.push(optionKey(id, f.path, v));
    }
  }
  return keys;
}

describe.each(LANGS)('simulator strings (%s)', (lang) => {
  const dict = dictionaries[lang].widgets;

  it('translate every step key and error code', () => {
    expect(STEP_KEYS.map(stepKey).filter((k) => dict[k] === undefined)).toEqual([]);
    expect(ERROR_CODES.map(errorKey).filter((k) => dict[k] === undefined)).toEqual([]);
  });

  it.each(engines)('%s: label every field, list item, choice, the title and each preset', (id, engine) => {
    expect(expectedKeys(id, engine).filter((k) => dict[k] === undefined)).toEqual([]);
  });

  it('hold no stale step, error, field or preset keys', () => {
    const known = new Set([
      ...STEP_KEYS.map(stepKey),
      ...ERROR_CODES.map(errorKey),
      ...engines.flatMap(([id, e]) => expectedKeys(id, e)),
    ]);
    const checked = /^sim\.(step|error|field|item|option|title|preset)\./;
    expect(Object.keys(dict).filter((k) => checked.test(k) && !known.has(k))).toEqual([]);
  });

  it('name index fields that exist', () => {
    for (const [id, engine] of engines) {
      const all = fieldPaths(engine.schema).map((f) => f.path);
      for (const p of [...(engine.wording.indexFields ?? []), ...(engine.wording.choiceFields ?? [])]) expect(all, `${id} ${p}`).toContain(p);
    }
  });

  describe.each(engines)('%s', (id, engine) => {
    const tr = trOf(lang);
    const shipped = subsetTr(keysFor(engine, dict));

    it.each(engine.presetIds)('preset %s: every step fills its template, with only the shipped strings', (preset) => {
      const p = engine.preset(preset);
      const r = p.ok ? engine.play(p.value) : p;
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      for (const step of r.value.steps) {
        const text = engine.stepText(tr, step);
        expect(text).not.toMatch(/[{}]|undefined|NaN|true|false/);
        expect(engine.stepText(shipped, step)).toBe(text);
      }
      const ctx = { module: engine, id: 'w', tr: shipped, cites: NO_CITES };
      const html = [renderSteps(ctx, r.value), renderEnd(ctx, r.value), ...r.value.steps.map((_, i) => renderPicture(ctx, r.value, i + 1))].join('');
      expect(html).not.toMatch(/undefined|NaN|\[object/);
      expect(renderForm({ engine: id, id: 'w', tr: shipped, wording: engine.wording }, engine.schema, r.value.scenario)).not.toMatch(/undefined|NaN/);
    });

    it('random scenarios and junk render with the shipped strings, or give messages', () => {
      fc.assert(
        fc.property(fc.oneof(fromDesc(engine.schema), junk), (input) => {
          const r = engine.play(input);
          if (r.ok) {
            const ctx = { module: engine, id: 'w', tr: shipped, cites: NO_CITES };
            renderSteps(ctx, r.value);
            renderEnd(ctx, r.value);
            for (let i = 1; i <= r.value.steps.length; i++) renderPicture(ctx, r.value, i);
            renderForm({ engine: id, id: 'w', tr: shipped, wording: engine.wording }, engine.schema, input);
          } else {
            // user text may hold anything, so only the translation itself is checked: it must not throw
            for (const e of r.error) expect(engine.errorText(shipped, e).length).toBeGreaterThan(0);
          }
        }),
        { numRuns: 150 },
      );
    });
  });

  it('put every error detail into words', () => {
    const tr = trOf(lang);
    const samples: [string, EngineError][] = [
      ['mc-attack', { code: 'cannot-defend', field: 'defender', detail: { reason: 'alter-ego' } }],
      ['mc-attack', { code: 'too-large', field: 'target.player', detail: { max: 3 } }],
      ['mc-attack', { code: 'negative-number', field: 'defender.ally', detail: { min: 0 } }],
      ['mc-attack', { code: 'not-enough-boost-cards', field: 'boostCards', detail: { needed: 2, given: 1 } }],
      ['lorcana-challenge', { code: 'cannot-be-challenged', field: 'defender.exerted', detail: { reason: 'ready' } }],
      ['lorcana-bag', { code: 'not-your-choice', field: 'choices.0', detail: { chooser: 1 } }],
      ['lorcana-bag', { code: 'not-in-bag', field: 'choices.1', detail: { index: 2 } }],
      ['mtg-stack', { code: 'not-your-priority', field: 'actions.1.player', detail: { priority: 0 } }],
      ['mtg-stack', { code: 'bad-query', field: 'query', detail: { reason: 'engine', at: '-', token: 0 } }],
    ];
    const texts = samples.map(([engine, e]) => modules[engine as keyof typeof modules].errorText(tr, e));
    for (const t of texts) expect(t).not.toMatch(/[{}]|undefined/);
    if (lang === 'en') {
      expect(texts).toEqual([
        'This character cannot defend: a player in alter-ego form does not defend.',
        'The largest allowed value is 4.',
        'The smallest allowed value is 1.',
        'Not enough boost cards: 2 needed, 1 listed.',
        'This character cannot be challenged: it is ready, and only exerted characters can be challenged.',
        'At this point it is player 2 who chooses.',
        'Ability 3 is not in the bag at this point.',
        'Only the active player can act now, because they hold priority.',
        'The link could not be read: it belongs to another simulator.',
      ]);
    }
  });
});

it('reads a step as a reader would: roles, counting from 1, words for values', () => {
  const en = trOf('en');
  const ja = trOf('ja');
  const play = (id: keyof typeof modules, preset: string) => {
    const m = modules[id];
    const p = m.preset(preset);
    const r = p.ok ? m.play(p.value) : p;
    if (!r.ok) throw new Error('preset');
    return { m, r: r.value };
  };
  const attack = play('mc-attack', 'other-player-defends');
  const texts = attack.r.steps.map((s) => attack.m.stepText(en, s));
  expect(texts.slice(0, 4)).toEqual([
    'The villain attacks player 1’s hero with ATK 2.',
    'The villain is dealt 1 boost card, facedown.',
    'Player 2’s ally 1 exhausts to defend.',
    'The defender belongs to player 2, so the attack now targets player 2 instead of player 1.',
  ]);
  expect(attack.m.stepText(ja, attack.r.steps[2]!)).toBe('プレイヤー2のアライ1が消耗して防御します。');
  const stack = play('mtg-stack', 'kicked-response');
  const effects = stack.r.steps.filter((s) => s.key === 'mtg.stack.effect').map((s) => stack.m.stepText(en, s));
  expect(effects).toEqual(['Shock: 2 damage to the active player.', 'Burst Lightning (kicked ×1): 4 damage to the non-active player.']);
});

describe('card names', () => {
  const texts = new Set(engines.flatMap(([, m]) => [...presetTexts(m)]));
  const cards = Object.entries(dictionaries.en.widgets).filter(([k]) => k.startsWith('sim.card.'));

  it('hold one entry per card of the worked examples, keyed by its English name, in both languages', () => {
    for (const [k, en] of cards) {
      expect(cardKey(en), en).toBe(k);
      expect(texts.has(en), `${en} is in no worked example`).toBe(true);
      expect(dictionaries.ja.widgets[k], k).toBeDefined();
    }
  });

  it('read 《日本語名》（English name） on a Japanese page, and as given on an English one or when unknown', () => {
    const fill = (key: string, params?: Record<string, string | number>) => format('ja', key, params);
    const ja: Tr = Object.assign(fill, { card: cardNames(dictionaries.ja.widgets, fill) });
    const stack = modules['mtg-stack'];
    const p = stack.preset('kicked-response');
    const r = p.ok ? stack.play(p.value) : p;
    if (!r.ok) throw new Error('preset');
    const texts = r.value.steps.map((s) => stack.stepText(ja, s));
    expect(texts).toContain('《ショック》（Shock）はアクティブ・プレイヤーを対象とします。');
    expect(texts.some((x) => x.includes('《噴出の稲妻》（Burst Lightning）'))).toBe(true);
    expect(ja.card?.('Everflowing Chalice')).toBe('Everflowing Chalice');
    expect(ja.card?.('ｓｈｏｃｋ')).toBe('《ショック》（ｓｈｏｃｋ）');
    // the page ships only the card names its engine's examples use
    const shipped = keysFor(stack, dictionaries.ja.widgets, presetTexts(stack));
    expect(Object.keys(shipped).filter((k) => k.startsWith('sim.card.')).sort()).toEqual(['sim.card.burst-lightning', 'sim.card.mogg-fanatic', 'sim.card.shock', 'sim.card.unsummon']);
  });
});
