// The deploy script's arguments (scripts/deploy.mjs, docs/deploy.md): which English edition a
// game's Japanese file follows is given per game, and a malformed value is refused, not guessed.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../scripts/deploy.mjs';

describe('deploy arguments', () => {
  it('takes --ja-follows per game, the value passed on as the import gives it', () => {
    const o = parseArgs(['--state', 's', '--ja-follows', 'lorcana:5=2025-10-31,2025-08-22', '--ja-follows', 'mtg:2026-09-25']);
    expect(o.jaFollows).toEqual({ lorcana: '5=2025-10-31,2025-08-22', mtg: '2026-09-25' });
  });

  it.each([['lorcana'], [':2025-08-22'], ['lorcana:']])('refuses --ja-follows %s', (value) => {
    expect(() => parseArgs(['--state', 's', '--ja-follows', value])).toThrow(/expected <game>:<edition>/);
  });

  it('takes --edition per game, for an English file that prints none', () => {
    expect(parseArgs(['--state', 's', '--edition', 'marvel-champions:1.8']).edition).toEqual({ 'marvel-champions': '1.8' });
  });

  it.each([['marvel-champions'], [':1.8'], ['marvel-champions:']])('refuses --edition %s', (value) => {
    expect(() => parseArgs(['--state', 's', '--edition', value])).toThrow(/expected <game>:<edition>/);
  });

  it('still needs the state folder', () => {
    expect(() => parseArgs(['--ja-follows', 'mtg:2026-09-25'])).toThrow(/--state <dir> is required/);
  });
});
