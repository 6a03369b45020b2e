import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../engines/index';
import { unwrap } from '../../engines/testing/helpers';
import { ENGINE_IDS, loadAll } from '../registry';

// The id shapes the content uses (see src/model/ids.ts): Marvel Champions glossary slugs with dotted
// sub-parts, Lorcana dotted numbers, Magic rule numbers with an optional letter.
const CITE = {
  'marvel-champions': /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/,
  lorcana: /^\d+(?:\.\d+)*$/,
  mtg: /^\d{1,3}(?:\.\d+[a-km-np-z]?)?$/,
} as const;

const modules = await loadAll();

describe.each(ENGINE_IDS.map((id) => [id, modules[id]] as const))('%s', (_, m) => {
  it('declares each step key once', () => {
    expect(new Set(m.stepKeys).size).toBe(m.stepKeys.length);
  });

  it.each(m.presetIds)('preset %s runs, cites well-formed ids, round-trips as a link', (id) => {
    const played = unwrap(m.play(unwrap(m.preset(id))));
    expect(played.steps.length).toBeGreaterThan(0);
    for (const step of played.steps) {
      expect(m.stepKeys).toContain(step.key);
      expect(step.cite.id).toMatch(CITE[step.cite.game]);
      for (const v of Object.values(step.params)) expect(['string', 'number', 'boolean']).toContain(typeof v);
    }
    expect(played.query).toMatch(/^[A-Za-z0-9*._-]+$/);
    const back = unwrap(m.fromQuery(played.query));
    expect(back).toEqual(played.scenario);
    // the same engine, the same steps: what the server renders is what the browser shows
    expect(unwrap(m.play(back)).steps).toEqual(played.steps);
  });

  it('refuses damaged links with codes, never by throwing', () => {
    const valid = m.presetIds.map((p) => unwrap(m.play(unwrap(m.preset(p)))).query);
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.nat(), fc.string({ maxLength: 4 }), (q, at, junk) => {
        const tokens = q.split('.');
        tokens[at % tokens.length] = junk;
        const r = m.fromQuery(tokens.join('.'));
        if (!r.ok) for (const e of r.error) expect(ERROR_CODES).toContain(e.code);
        if (!r.ok) expect(r.error.map((e) => e.code)).not.toContain('internal-error');
      }),
    );
    expect(m.fromQuery(42).ok).toBe(false);
    expect(m.fromQuery('x'.repeat(9000))).toMatchObject({ ok: false, error: [{ code: 'too-large' }] });
  });
});

it('step keys are namespaced by game', () => {
  for (const m of Object.values(modules)) for (const key of m.stepKeys) expect(key).toMatch(/^(mc|lorcana|mtg)\.[a-z-]+\.[a-z0-9-]+$/);
});
