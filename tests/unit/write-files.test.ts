import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFilesInWorker } from '../../src/integrations/write-files';

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
