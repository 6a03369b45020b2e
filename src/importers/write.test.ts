// Imports write all or nothing (src/importers/write.ts): a write, a rename or a folder that fails at
// any point leaves the official text as it was, and the report names the file, never a stack trace.
// An injected file system fails on cue (always runs); a small tmpfs fills up for real (where this
// machine lets the test mount one: root on Linux).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../content/check-content';
import { runImport } from './apply';
import { NODE_FS, recoverInterrupted, writeAll, type WriterFs } from './write';

const ED = 'tests/fixtures/mtg-cr/editions';
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
function content(under = tmpdir()): string {
  const dir = mkdtempSync(join(under, 'taiyaku-write-test-'));
  dirs.push(dir);
  cpSync('tests/fixtures/mtg-cr/content', dir, { recursive: true });
  return dir;
}
const importInto = (dir: string, edition: 1 | 2, writer?: WriterFs) =>
  runImport({ game: 'mtg', en: join(ED, `en-e${edition}.txt`), ja: join(ED, `ja-e${edition}.txt`), out: join(dir, 'mtg/cr'), today: `2032-0${edition}-20` }, writer);

/** Every file under `dir` with its text: what "as it was" means. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (f.isFile()) out[relative(dir, join(f.parentPath, f.name))] = readFileSync(join(f.parentPath, f.name), 'utf8');
  }
  return out;
}

/** node:fs, but the `n`th call of `op` (1-based) throws `code` for its path. */
function failing(op: 'writeFileSync' | 'renameSync' | 'mkdirSync' | 'cpSync', n: number, code: string): WriterFs & { calls: number } {
  const wrapped = { ...NODE_FS, calls: 0 } as WriterFs & { calls: number };
  const real = NODE_FS[op] as (...a: unknown[]) => unknown;
  (wrapped as unknown as Record<string, unknown>)[op] = (...args: unknown[]) => {
    if (++wrapped.calls === n) throw Object.assign(new Error(`${code}: simulated, ${op} '${String(args[0])}'`), { code, path: String(args[0]), syscall: op });
    return real(...args);
  };
  return wrapped;
}

describe('an import that cannot write', () => {
  it.each([
    ['the disk fills while writing the third file', 'writeFileSync', 3, 'ENOSPC', /^✗ could not write the import: \S*mtg\/cr\/official\/\S+\.yaml: no space left on the device \(ENOSPC\); nothing was changed$/],
    ['the folder is read-only', 'cpSync', 1, 'EROFS', /^✗ could not write the import: \S*mtg\/cr\/official: the file system is read-only \(EROFS\); nothing was changed$/],
    ['permission is refused on the swap', 'renameSync', 1, 'EACCES', /^✗ could not swap the import in: \S*mtg\/cr\/official: permission denied \(EACCES\); nothing was changed$/],
    ['the second rename of the swap fails (the first is undone)', 'renameSync', 2, 'EIO', /^✗ could not swap the import in: \S+: an input\/output error \(EIO\); nothing was changed$/],
  ] as const)('%s: the old text stays, the report names the file', async (_, op, n, code, message) => {
    const dir = content();
    expect((await importInto(dir, 1)).ok).toBe(true);
    const before = tree(join(dir, 'mtg'));
    const result = await importInto(dir, 2, failing(op, n, code));
    expect(result.ok).toBe(false);
    expect(result.lines.at(-1)).toMatch(message);
    expect(result.lines.join('\n')).not.toMatch(/\n\s+at /); // no stack trace
    expect(tree(join(dir, 'mtg'))).toEqual(before);
    expect(readdirSync(join(dir, 'mtg/cr')).filter((f) => f.startsWith('.'))).toEqual([]); // nothing staged is left
    expect(checkContent(dir).problems).toEqual([]);
    // And the same import, once the disk is fine, goes through.
    expect((await importInto(dir, 2)).ok).toBe(true);
    expect(readdirSync(join(dir, 'mtg/cr/official/_history'))).toEqual(['2032-04-02.yaml']);
  });

  it('a first import that cannot write leaves no official folder behind', async () => {
    const dir = content();
    const result = await importInto(dir, 1, failing('writeFileSync', 5, 'EDQUOT'));
    expect(result.lines.at(-1)).toMatch(/the disk quota is used up \(EDQUOT\); nothing was changed$/);
    expect(existsSync(join(dir, 'mtg/cr/official'))).toBe(false);
    expect(readdirSync(join(dir, 'mtg/cr')).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('a folder it cannot even read is a message too', async () => {
    const dir = content();
    const reading = { ...NODE_FS, readdirSync: () => { throw Object.assign(new Error('EACCES: simulated'), { code: 'EACCES', path: join(dir, 'mtg/cr') }); } };
    const result = await importInto(dir, 1, reading);
    expect(result).toMatchObject({ ok: false, lines: [expect.stringMatching(/^✗ \S*mtg\/cr: permission denied \(EACCES\); nothing was changed$/)] });
  });

  it('a run killed in the middle of the swap is put back by the next import', async () => {
    const dir = content();
    expect((await importInto(dir, 1)).ok).toBe(true);
    const before = tree(join(dir, 'mtg/cr/official'));
    // As if killed between the two renames: official/ moved aside, the staged copy not yet in place.
    renameSync(join(dir, 'mtg/cr/official'), join(dir, 'mtg/cr/.official-old-1-x'));
    mkdirSync(join(dir, 'mtg/cr/.official-new-1-x'));
    expect(checkContent(dir).problems).toEqual([]); // hidden folders are not content
    expect(recoverInterrupted(join(dir, 'mtg/cr'))).toEqual([
      expect.stringMatching(/official\/ was missing and \.official-old-1-x\/ beside it held the text an interrupted import was replacing: put back$/),
      expect.stringMatching(/\.official-new-1-x\/: left by an interrupted import, removed$/),
    ]);
    expect(tree(join(dir, 'mtg/cr/official'))).toEqual(before);
    expect((await importInto(dir, 2)).ok).toBe(true);
  });

  it('writeAll deletes, creates and replaces files outside official/ in the same swap', () => {
    const dir = content();
    const doc = join(dir, 'mtg/cr');
    writeFileSync(join(doc, 'old.yaml'), 'x: 1\n');
    const err = writeAll(join(doc, 'official'), [
      { path: join(doc, 'official/a.yaml'), text: 'a: 1\n' },
      { path: join(doc, 'old.yaml'), text: null },
      { path: join(doc, 'document.yaml'), text: 'replaced: true\n' },
    ]);
    expect(err).toBeUndefined();
    expect(readdirSync(doc).sort()).toEqual(['702.2.yaml', 'document.yaml', 'official']);
    expect(readFileSync(join(doc, 'document.yaml'), 'utf8')).toBe('replaced: true\n');
    expect(readFileSync(join(doc, 'official/a.yaml'), 'utf8')).toBe('a: 1\n');
  });
});

// A real full disk: a small tmpfs, filled to the last few kilobytes after the first import.
const MOUNT = join(tmpdir(), `taiyaku-tmpfs-${process.pid}`);
let mounted = false;
beforeAll(() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return;
  mkdirSync(MOUNT, { recursive: true });
  mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', MOUNT]).status === 0;
});
afterAll(() => {
  if (mounted) spawnSync('umount', [MOUNT]);
  rmSync(MOUNT, { recursive: true, force: true });
});

describe('on a full disk (tmpfs)', () => {
  it.skipIf(process.platform !== 'linux' || process.getuid?.() !== 0)('the second import finds no space: the first edition stays whole, the message names the file', async (ctx) => {
    if (!mounted) ctx.skip(); // mount not allowed here (a container without CAP_SYS_ADMIN)
    const dir = content(MOUNT);
    expect((await importInto(dir, 1)).ok).toBe(true);
    const before = tree(join(dir, 'mtg'));
    // Leave about 8 KB: the second import's staged copy of official/ needs far more.
    const free = () => { const s = statfsSync(MOUNT); return s.bavail * s.bsize; };
    writeFileSync(join(MOUNT, 'filler'), Buffer.alloc(Math.max(0, free() - 8 * 1024)));
    const result = await importInto(dir, 2);
    fs.rmSync(join(MOUNT, 'filler'));
    expect(result.ok).toBe(false);
    expect(result.lines.at(-1)).toMatch(/^✗ could not write the import: \S*mtg\/cr\/official\S*: no space left on the device \(ENOSPC\); nothing was changed$/);
    expect(tree(join(dir, 'mtg'))).toEqual(before);
    expect(readdirSync(join(dir, 'mtg/cr')).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(checkContent(dir).problems).toEqual([]);
  });
});
