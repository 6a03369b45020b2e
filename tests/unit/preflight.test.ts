import { describe, expect, it } from 'vitest';
import { decide, INSTALL_COMMAND } from '../../scripts/preflight.mjs';

const ready = { chromium: '/usr/bin/chromium', hasChromium: true, hasJapaneseFont: true, isRoot: false, hasApt: true, customChromium: false };

describe('npm test pre-flight: what a machine without the browser or fonts gets', () => {
  it.each([
    ['everything there', {}, 'ok'],
    ['root on Debian, no Chromium', { hasChromium: false, isRoot: true }, 'install'],
    ['root on Debian, no Japanese font', { hasJapaneseFont: false, isRoot: true }, 'install'],
    ['a user on Debian, no Chromium', { hasChromium: false }, 'stop'],
    ['root without apt, no font', { hasJapaneseFont: false, isRoot: true, hasApt: false }, 'stop'],
    ['CHROMIUM_PATH pointing nowhere, even as root', { hasChromium: false, customChromium: true, chromium: '/opt/none', isRoot: true }, 'stop'],
  ])('%s → %s', (_, over, action) => {
    expect(decide({ ...ready, ...over }).action).toBe(action);
  });

  it('tells a user without root the exact command, naming what is missing', () => {
    const d = decide({ ...ready, hasChromium: false, hasJapaneseFont: false });
    expect(d.line).toContain(INSTALL_COMMAND);
    expect(d.line).toContain('Chromium (/usr/bin/chromium)');
    expect(d.line).toContain('Japanese font');
    expect(String(d.line).split('\n')).toHaveLength(1);
  });

  it('names the bad CHROMIUM_PATH instead of offering an apt install that would not help', () => {
    const d = decide({ ...ready, hasChromium: false, customChromium: true, chromium: '/opt/none' });
    expect(d.line).toContain('CHROMIUM_PATH=/opt/none');
    expect(d.line).not.toContain('apt-get');
  });

  it('lists only what is missing for the install', () => {
    expect(decide({ ...ready, hasJapaneseFont: false, isRoot: true }).missing).toEqual(['a Japanese font (Noto CJK)']);
  });
});
