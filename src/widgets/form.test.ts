import { describe, expect, it } from 'vitest';
import { attackEngine as attack } from '~/engines/mc-attack/engine';
import { attackView } from './engines/mc-attack/view';
import { challengeEngine as challenge } from '~/engines/lorcana-challenge/engine';
import { format } from '~/i18n';
import { controlId, defaultOf, descAt, esc, getAt, renderForm, setAt, switchVariant } from './form';
import type { Tr } from './text';

const en: Tr = (key, params) => format('en', key, params);

describe('scenario paths', () => {
  it('reads and writes by dotted path, list indices included', () => {
    const s = structuredClone(attack.presets['other-player-defends']!);
    expect(getAt(s, 'players.1.allies.0.hp')).toBe(4);
    setAt(s, 'players.1.allies.0.hp', 7);
    expect(s.players[1]!.allies[0]!.hp).toBe(7);
    setAt(s, 'attacker.name', 'Rhino');
    setAt(s, 'attacker.name', undefined);
    expect('name' in s.attacker).toBe(false);
  });

  it('finds the description of a field through lists and the chosen union variant', () => {
    const s = attack.presets['ally-overkill'];
    expect(descAt(attack.schema, s, 'players.0.allies.0.hp')).toEqual({ t: 'int', min: 1, max: 99 });
    expect(descAt(attack.schema, s, 'defender.ally')).toEqual({ t: 'int', min: 0, max: 2 });
    expect(descAt(attack.schema, attack.presets['hero-defends'], 'defender.ally')).toBeUndefined();
    expect(descAt(attack.schema, s, 'defender.kind')).toEqual({ t: 'enum', values: ['none', 'hero', 'ally'] });
  });

  it('switches a union to another variant, keeping shared fields and filling the rest', () => {
    const d = descAt(attack.schema, {}, 'defender')!;
    expect(switchVariant(d, { kind: 'hero', player: 1 }, 'ally')).toEqual({ kind: 'ally', player: 1, ally: 0 });
    expect(switchVariant(d, { kind: 'ally', player: 1, ally: 2 }, 'none')).toEqual({ kind: 'none' });
  });

  it('makes new list items that need only the text filled in', () => {
    const item = descAt(challenge.schema, challenge.presets.resist, 'others.0')!;
    expect(defaultOf(item)).toEqual({ name: '', willpower: 1, damage: 0, resist: 0, onDamage: [], onBanished: [], owner: 'active' });
  });
});

describe('rendered form', () => {
  const html = renderForm({ engine: 'mc-attack', id: 'w', tr: en, wording: attackView }, attack.schema, attack.presets['other-player-defends']);

  it('labels every control and gives it an id built from its path', () => {
    const ids = [...html.matchAll(/<(?:input|select)[^>]*\sid="([^"]+)"/g)].map((m) => m[1]);
    const labels = new Set([...html.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1]));
    expect(ids.length).toBeGreaterThan(20);
    for (const id of ids) expect(labels, id).toContain(id);
    expect(ids).toContain(controlId('w', 'players.1.allies.0.hp'));
  });

  it('counts players and allies from 1 for the reader, and names list items', () => {
    expect(html).toMatch(/id="w-f-defender-player"[^>]*min="1" max="4" value="2"/);
    expect(html).toContain('<legend>Player 2</legend>');
    expect(html).toContain('aria-label="Remove Player 2"');
    expect(html).toContain('>Add Player 3</button>');
  });

  it('escapes whatever text the reader typed', () => {
    const s = structuredClone(attack.presets['hero-defends']!);
    setAt(s, 'attacker.name', '"><script>x</script>');
    const out = renderForm({ engine: 'mc-attack', id: 'w', tr: en, wording: attackView }, attack.schema, s);
    expect(out).not.toContain('<script>');
    expect(out).toContain(`value="${esc('"><script>x</script>')}"`);
  });

  it('is not editable when rendered for readers without JavaScript', () => {
    const off = renderForm({ engine: 'mc-attack', id: 'w', tr: en, wording: attackView, disabled: true }, attack.schema, attack.presets['hero-defends']);
    const controls = [...off.matchAll(/<(input|select|button)\b[^>]*>/g)].map((m) => m[0]);
    for (const c of controls) expect(c).toMatch(/\sdisabled[\s>]/);
  });
});
