// What `npm test` needs from the machine before it starts: Debian's Chromium (the browser tests never
// download one) and a Japanese font (fonts-noto-cjk: without it Japanese text renders as boxes and
// the screenshots and layout tests mean nothing). Checked first, so a new machine fails in a second
// with one line instead of after a minute of unit tests and a build.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const APT_PACKAGES = ['chromium', 'fonts-noto-cjk', 'fontconfig'];
export const INSTALL_COMMAND = `apt-get update && apt-get install -y --no-install-recommends ${APT_PACKAGES.join(' ')}`;

/** The machine as far as the tests care. */
export function probe(env = process.env) {
  const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const fc = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  return {
    chromium,
    hasChromium: existsSync(chromium),
    hasJapaneseFont: fc.status === 0 && /Noto (Sans|Serif) CJK/i.test(fc.stdout),
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasApt: existsSync('/usr/bin/apt-get'),
    customChromium: env.CHROMIUM_PATH !== undefined,
  };
}

/**
 * What to do: `ok`, `install` (root on a Debian-like machine, and the missing parts come from apt) or
 * `stop` with the one line to print.
 */
export function decide(m) {
  const missing = [!m.hasChromium && `Chromium (${m.chromium})`, !m.hasJapaneseFont && 'a Japanese font (Noto CJK)'].filter(Boolean);
  if (missing.length === 0) return { action: 'ok' };
  // A CHROMIUM_PATH that points nowhere is the user's setting: installing Debian's package would not fix it.
  if (!m.hasChromium && m.customChromium) {
    return { action: 'stop', line: `npm test: CHROMIUM_PATH=${m.chromium} does not exist; point it at a Chromium binary or unset it to use Debian's /usr/bin/chromium.` };
  }
  if (m.isRoot && m.hasApt) return { action: 'install', missing };
  const how = m.hasApt
    ? `sudo sh -c '${INSTALL_COMMAND}'`
    : 'install Chromium and the Noto CJK fonts with your package manager (set CHROMIUM_PATH if Chromium is not at /usr/bin/chromium)';
  return { action: 'stop', line: `npm test needs ${missing.join(' and ')} for its browser tests: ${how}` };
}

/** Check, install where we can, and return true when the machine is ready. */
export function preflight({ log = console.log, error = console.error } = {}) {
  let d = decide(probe());
  if (d.action === 'install') {
    log(`── set-up: ${d.missing.join(' and ')} missing; installing with apt (${APT_PACKAGES.join(', ')}), about a minute`);
    const run = spawnSync('sh', ['-c', INSTALL_COMMAND], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (run.status !== 0) {
      error(`npm test: the install failed (exit ${run.status ?? run.signal}); run it by hand: ${INSTALL_COMMAND}`);
      return false;
    }
    d = decide(probe());
    if (d.action !== 'ok') {
      error(`npm test: still missing after the install: ${d.missing?.join(' and ') ?? d.line}`);
      return false;
    }
  }
  if (d.action === 'stop') {
    error(d.line);
    return false;
  }
  return true;
}
