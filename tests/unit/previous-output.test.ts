import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clearPreviousOutput, removeLeftovers, TRASH } from '../../src/integrations/previous-output';

const work = mkdtempSync(join(tmpdir(), 'taiyaku-previous-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const put = (file: string, text = 'x') => { mkdirSync(join(file, '..'), { recursive: true }); writeFileSync(file, text); };

describe('clearPreviousOutput', () => {
  it('moves everything but .git and /r/ aside at once and deletes it in a worker', async () => {
    const out = join(work, 'dist');
    put(join(out, 'ja/mtg/cr/702.33/index.html'));
    put(join(out, 'index.html'));
    put(join(out, '_astro/Base.abc.css'));
    put(join(out, '.git/HEAD'), 'ref: refs/heads/gh-pages');
    put(join(out, 'r/mtg/702.33a/index.html'), 'short link');
    put(join(out, `${TRASH}-1-2/ja/index.html`)); // left by a build that stopped half-way
    const clearing = clearPreviousOutput(out);
    expect(clearing).toMatchObject({ moved: 4, reused: true });
    // Already out of the way: nothing of it is where the new build writes.
    expect(readdirSync(out).filter((n) => !n.startsWith(TRASH)).sort()).toEqual(['.git', 'r']);
    await expect(clearing.gone).resolves.toBeGreaterThanOrEqual(0);
    expect(readdirSync(out).sort()).toEqual(['.git', 'r']);
    expect(readFileSync(join(out, '.git/HEAD'), 'utf8')).toBe('ref: refs/heads/gh-pages');
    expect(readFileSync(join(out, 'r/mtg/702.33a/index.html'), 'utf8')).toBe('short link');
  });

  it('does nothing for an output folder that is not there, and reuses no /r/ that is a file', async () => {
    const none = clearPreviousOutput(join(work, 'none'));
    expect(none.moved).toBe(0);
    await expect(none.gone).resolves.toBe(0);
    const out = join(work, 'odd');
    put(join(out, 'r'), 'a file named r');
    const odd = clearPreviousOutput(out);
    expect(odd).toMatchObject({ moved: 1, reused: false });
    await odd.gone;
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('removeLeftovers', () => {
  it('removes what no writer of this build wrote, and the folders it leaves empty, keeping Astro\'s pages and anything written since the start', () => {
    const out = join(work, 'left');
    const old = Date.now() / 1000 - 3600;
    for (const rel of ['mtg/702.99z/index.html', 'mtg/702.1a@2020-01-01/index.html', 'mtg/702.2a@2020-01-01/index.html', 'mtg/_pins/cr/2019.json']) {
      put(join(out, 'r', rel));
      utimesSync(join(out, 'r', rel), old, old);
    }
    put(join(out, 'r/mtg/702.3a@2020-01-01/index.html')); // written by this build, after `since`
    put(join(out, 'r/mtg/_pins/cr/2020.json'));
    const since = Date.now() - 60_000;
    const removed = removeLeftovers(out, ['mtg/702.99z/index.html', 'mtg/702.1a@2020-01-01/index.html', 'mtg/702.2a@2020-01-01/index.html', 'mtg/702.3a@2020-01-01/index.html', 'mtg/_pins/cr/2019.json', 'mtg/gone/index.html'],
      new Set(['mtg/702.2a@2020-01-01/index.html']), since);
    expect(removed).toBe(3);
    expect(existsSync(join(out, 'r/mtg/702.99z'))).toBe(false);
    expect(existsSync(join(out, 'r/mtg/702.1a@2020-01-01'))).toBe(false);
    expect(existsSync(join(out, 'r/mtg/702.2a@2020-01-01/index.html'))).toBe(true); // Astro's page
    expect(existsSync(join(out, 'r/mtg/702.3a@2020-01-01/index.html'))).toBe(true);
    expect(readdirSync(join(out, 'r/mtg/_pins/cr'))).toEqual(['2020.json']);
  });
});
