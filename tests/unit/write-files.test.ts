import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { updateFilesInWorker, writeFilesInWorker } from '../../src/integrations/write-files';

const out = mkdtempSync(join(tmpdir(), 'taiyaku-write-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('writeFilesInWorker', () => {
  it('writes every file, creating its folders, and counts them', async () => {
    const files: [string, string][] = Array.from({ length: 50 }, (_, i) => [join(out, 'r', 'mtg', `702.${i}a`, 'index.html'), `<p>702.${i}a キッカー</p>`]);
    await expect(writeFilesInWorker(files)).resolves.toBe(50);
    expect(readFileSync(join(out, 'r', 'mtg', '702.33a', 'index.html'), 'utf8')).toBe('<p>702.33a キッカー</p>');
  });

  it('writes nothing and resolves 0 for an empty list', async () => {
    await expect(writeFilesInWorker([])).resolves.toBe(0);
  });

  it('rejects with the cause when a file cannot be written', async () => {
    // A plain file where a folder is needed.
    mkdirSync(join(out, 'blocked'), { recursive: true });
    writeFileSync(join(out, 'blocked', 'r'), 'not a folder');
    const files: [string, string][] = [[join(out, 'blocked', 'r', 'mtg', 'index.html'), 'x']];
    await expect(writeFilesInWorker(files)).rejects.toThrow(/writing 1 files failed: .*(EEXIST|ENOTDIR)/);
  });
});

describe('updateFilesInWorker', () => {
  const root = join(out, 'update', 'r');
  const put = (rel: string, text: string) => { mkdirSync(join(root, rel, '..'), { recursive: true }); writeFileSync(join(root, rel), text); };
  const read = (rel: string) => readFileSync(join(root, rel), 'utf8');

  it('creates what is missing, rewrites only what changed, and hands back what it did not name', async () => {
    put('mtg/702.33a/index.html', 'same');
    put('mtg/702.33b/index.html', 'old text');
    put('mtg/702.99z/index.html', 'gone from the site');
    put('mtg/_pins.json', '{}');
    const before = statSync(join(root, 'mtg/702.33a/index.html')).mtimeMs;
    const files: [string, string][] = [
      [join(root, 'mtg/702.33a/index.html'), 'same'],
      [join(root, 'mtg/702.33b/index.html'), 'new text'],
      [join(root, 'mtg/702.33c/index.html'), 'キッカー'],
      [join(root, 'mtg/_pins.json'), '{}'],
    ];
    await new Promise((r) => setTimeout(r, 20));
    const update = await updateFilesInWorker(root, files);
    expect(update).toMatchObject({ written: 2, kept: 2, leftovers: ['mtg/702.99z/index.html'] });
    expect(update.revisions).toEqual(files.map(([, text]) => createHash('md5').update(text).digest('hex')));
    expect([read('mtg/702.33a/index.html'), read('mtg/702.33b/index.html'), read('mtg/702.33c/index.html')]).toEqual(['same', 'new text', 'キッカー']);
    expect(statSync(join(root, 'mtg/702.33a/index.html')).mtimeMs).toBe(before); // not rewritten
    expect(read('mtg/702.99z/index.html')).toBe('gone from the site'); // left for the build to remove
  });

  it('removes a file of the previous build where a folder is needed, and a folder where a file is', async () => {
    put('lorcana/8.7', 'a file where a folder goes');
    put('lorcana/_pins.json/index.html', 'a folder where a file goes');
    const update = await updateFilesInWorker(root, [[join(root, 'lorcana/8.7/index.html'), 'Resist'], [join(root, 'lorcana/_pins.json'), '[]']]);
    expect(update.written).toBe(2);
    expect([read('lorcana/8.7/index.html'), read('lorcana/_pins.json')]).toEqual(['Resist', '[]']);
    expect(update.leftovers).not.toContain('lorcana/_pins.json/index.html');
  });

  it('writes everything when the folder is not there', async () => {
    const fresh = join(out, 'update', 'fresh', 'r');
    const update = await updateFilesInWorker(fresh, [[join(fresh, 'mc/1/index.html'), 'x'], [join(fresh, 'mc/2/index.html'), 'y']]);
    expect(update).toMatchObject({ written: 2, kept: 0, leftovers: [] });
    expect(readFileSync(join(fresh, 'mc/2/index.html'), 'utf8')).toBe('y');
  });
});
