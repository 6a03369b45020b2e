// What each kind of output costs, and the host's limits (src/integrations/output-cost.ts).
import { describe, expect, it } from 'vitest';
import { kindOf, limitsFrom, nearLimits, overLimits, parseBytes } from '../../src/integrations/output-cost';
import { SEARCH_FRAGMENTS } from '../../src/integrations/search-index';

describe('kindOf', () => {
  it.each([
    ['r/mtg/702.33d/index.html', 'short links'],
    ['r/mtg/702.33d@2026-09-25/index.html', 'pinned links'],
    ['r/mtg/_pins.json', 'pinned-link tables'],
    ['r/mtg/_pins/cr/2022-02-18.json', 'pinned-link tables'],
    ['pagefind/ja/fragment/ja_1.pf_fragment', 'search index'],
    ['pagefind/en/fragment/en_group_1a2b3c4.pf_fragment', 'search index'],
    ['search/en/spelling/k.json', 'search index'],
    ['search/en/words/3.json', 'other'],
    ['_astro/rule-tools.abc.js', 'scripts and styles'],
    ['api/mtg/cr/702.json', 'JSON API'],
    ['en/mtg/cr/702/history/index.html', 'history pages'],
    ['ja/mtg/cr/changes/2022-04-29/index.html', 'changes pages'],
    ['ja/mtg/cr/702/index.html', 'pages'],
    ['offline/mtg.json', 'offline lists and service worker'],
    ['sw.js', 'offline lists and service worker'],
    ['404.html', 'other'],
  ])('%s is %s', (path, kind) => expect(kindOf(path)).toBe(kind));
});

describe('limits', () => {
  it.each<[string, number | undefined]>([['1GB', 1024 ** 3], ['500 MB', 500 * 1024 ** 2], ['25MiB', 25 * 1024 ** 2], ['200KB', 200 * 1024], ['1048576', 1048576], ['lots', undefined], ['1 TB', undefined]])('%s → %s bytes', (text, bytes) => expect(parseBytes(text)).toBe(bytes));
  it('reads both variables, ignores empty ones and names a bad one', () => {
    expect(limitsFrom({ TAIYAKU_MAX_FILES: '20000', TAIYAKU_MAX_BYTES: '1GB' })).toEqual({ files: 20000, bytes: 1024 ** 3 });
    expect(limitsFrom({ TAIYAKU_MAX_FILES: '' })).toEqual({});
    expect(() => limitsFrom({ TAIYAKU_MAX_FILES: '20k' })).toThrow('TAIYAKU_MAX_FILES="20k" is not a number of files');
    expect(() => limitsFrom({ TAIYAKU_MAX_BYTES: 'big' })).toThrow('TAIYAKU_MAX_BYTES="big" is not a size');
  });
  const site = { kinds: [{ kind: 'pinned links', files: 12000, bytes: 30 * 1024 ** 2 }, { kind: 'history pages', files: 9000, bytes: 20 * 1024 ** 2 }], files: 21000, bytes: 50 * 1024 ** 2 };
  it('says nothing within the limits, or without any', () => {
    expect(overLimits(site, {}, 'this site')).toBeUndefined();
    expect(overLimits(site, { files: 21000, bytes: 1024 ** 3 }, 'this site')).toBeUndefined();
  });
  it('over a limit: the totals, each kind, and what can be turned off', () => {
    const message = overLimits(site, { files: 20000 }, 'this site')!;
    expect(message).toContain('this site would be 21,000 files, over TAIYAKU_MAX_FILES=20,000');
    expect(message).toContain('history pages: 9,000 files, 20.0 MB — to turn off: the imported history');
    expect(message).toContain('pinned links: 12,000 files, 30.0 MB — to turn off: nothing that was handed out');
    expect(overLimits(site, { bytes: 40 * 1024 ** 2 }, 'this site')).toContain('50.0 MB, over TAIYAKU_MAX_BYTES=40.0 MB');
  });
  it('names the search index\'s knobs: the fragment files per language (with its real default) and the text blocks', () => {
    const big = { kinds: [{ kind: 'search index', files: 3000, bytes: 4 * 1024 ** 2 }], files: 21000, bytes: 4 * 1024 ** 2 };
    const message = overLimits(big, { files: 20000 }, 'this site')!;
    expect(message).toContain(`search index: 3,000 files, 4.0 MB — to turn off: fewer fragment files per language: lower TAIYAKU_SEARCH_FRAGMENTS (default ${SEARCH_FRAGMENTS};`);
    expect(message).toContain('TAIYAKU_SEARCH_BLOCKS=on: unset it');
  });
});

describe('nearLimits: the next new edition would not fit', () => {
  const next = [{ doc: 'mtg/cr', files: 2866 }, { doc: 'lorcana/cr', files: 1376 }];
  it.each<[string, number, number | undefined, string | undefined]>([
    ['no limit set', 19000, undefined, undefined],
    ['room for the biggest', 15000, 20000, undefined],
    ['room for Lorcana, not Magic', 18000, 20000, 'taiyaku: 18,000 files of TAIYAKU_MAX_FILES=20,000 (2,000 left); the next new edition of mtg/cr adds about 2,866 pinned pages, which would not fit. Before that update: docs/deploy.md#when-the-limit-nears'],
    ['room for neither, the bigger first', 19000, 20000, 'taiyaku: 19,000 files of TAIYAKU_MAX_FILES=20,000 (1,000 left); the next new edition of mtg/cr adds about 2,866 pinned pages, lorcana/cr adds about 1,376 pinned pages, which would not fit. Before that update: docs/deploy.md#when-the-limit-nears'],
    ['already over: the limit\'s own message says so, not this', 20001, 20000, undefined],
  ])('%s', (_, files, max, expected) => expect(nearLimits({ files }, max === undefined ? {} : { files: max }, next)).toBe(expected));
});
