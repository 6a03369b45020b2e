import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINES, ERROR_CODES, STEP_KEYS } from './index';
import type { Engine } from './engine';
import { unwrap } from './testing/helpers';

// The id shapes the content uses (see src/model/ids.ts): Marvel Champions glossary slugs with dotted
// sub-parts, Lorcana dotted numbers, Magic rule numbers with an optional letter.
const CITE = {
  'marvel-champions': /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/,
  lorcana: /^\d+(?:\.\d+)*$/,
  mtg: /^\d{1,3}(?:\.\d+[a-km-np-z]?)?$/,
} as const;

const engines = Object.entries(ENGINES) as [string, Engine<unknown, unknown, unknown, string>][];

describe.each(engines)('%s', (_, engine) => {
  it('declares each step key once', () => {
    expect(new Set(engine.stepKeys).size).toBe(engine.stepKeys.length);
  });

  it.each(Object.keys(engine.presets))('preset %s runs, cites well-formed ids, round-trips as a link', (id) => {
    const scenario = unwrap(engine.preset(id));
    const r = unwrap(engine.run(scenario));
    expect(r.steps.length).toBeGreaterThan(0);
    for (const step of r.steps) {
      expect(engine.stepKeys).toContain(step.key);
      expect(step.cite.id).toMatch(CITE[step.cite.game]);
      for (const v of Object.values(step.params)) expect(['string', 'number', 'boolean']).toContain(typeof v);
    }
    const q = engine.scenarioToQuery(scenario);
    expect(q).toMatch(/^[A-Za-z0-9*._-]+$/);
    expect(unwrap(engine.scenarioFromQuery(q))).toEqual(scenario);
    // the same engine, the same steps: what the server renders is what the browser shows
    expect(unwrap(engine.run(unwrap(engine.scenarioFromQuery(q))))).toEqual(r);
  });

  it('refuses damaged links with codes, never by throwing', () => {
    const valid = Object.values(engine.presets).map((s) => engine.scenarioToQuery(s));
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.nat(), fc.string({ maxLength: 4 }), (q, at, junk) => {
        const tokens = q.split('.');
        tokens[at % tokens.length] = junk;
        const r = engine.scenarioFromQuery(tokens.join('.'));
        if (!r.ok) for (const e of r.error) expect(ERROR_CODES).toContain(e.code);
        if (!r.ok) expect(r.error.map((e) => e.code)).not.toContain('internal-error');
      }),
    );
    expect(engine.scenarioFromQuery(42).ok).toBe(false);
    expect(engine.scenarioFromQuery('x'.repeat(9000))).toMatchObject({ ok: false, error: [{ code: 'too-large' }] });
  });
});

it('step keys are namespaced by game', () => {
  for (const key of STEP_KEYS) expect(key).toMatch(/^(mc|lorcana|mtg)\.[a-z-]+\.[a-z0-9-]+$/);
});
