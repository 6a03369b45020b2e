// The importer's last step: every file of an import written at once, or none (docs/import.md#writing-all-or-nothing).
// The document's official/ folder is copied beside itself (`.official-new-…`, the same file system),
// the changes are written into the copy, and the copy takes the folder's place by rename; files
// outside official/ (document.yaml when it is created, a glossary written elsewhere, entries of the
// earlier layout to delete) are staged the same way, each beside its target. Only renames happen
// once the staging is complete, and a failing rename puts back what was already swapped, so an
// import that cannot write (a full disk, a read-only folder, no permission) leaves the old content
// as it was and says which file failed, never a stack trace. A run killed between the two renames
// of the swap leaves `.official-old-…`; the next import puts it back (`recoverInterrupted`).
import * as nodeFs from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/** The file-system calls the writer makes (node:fs by default; tests inject failures). */
export interface WriterFs {
  existsSync(path: string): boolean;
  mkdirSync(path: string, options: { recursive: true }): unknown;
  writeFileSync(path: string, text: string): void;
  renameSync(from: string, to: string): void;
  rmSync(path: string, options: { recursive: true; force: true }): void;
  cpSync(from: string, to: string, options: { recursive: true }): void;
  readdirSync(path: string): string[];
}

export const NODE_FS: WriterFs = nodeFs as unknown as WriterFs;

export interface WriteChange {
  /** Absolute path of the file. */
  path: string;
  /** New text, or null to delete. */
  text: string | null;
}

const STAGED = '.official-new-';
const OLD = '.official-old-';

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  EIO: 'an input/output error',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'it already exists',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
  EBUSY: 'the file is busy',
  EXDEV: 'it is on another file system',
};

/** An error node:fs throws (it has a code such as ENOSPC and usually the path). */
export function isFsError(e: unknown): e is NodeJS.ErrnoException {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((e as NodeJS.ErrnoException).code!);
}

/** "content/mtg/cr/official/100.1.yaml: no space left on the device (ENOSPC)". */
export function fsErrorText(e: NodeJS.ErrnoException, path0?: string, prefer = false): string {
  const path = prefer ? path0 ?? e.path : e.path ?? path0;
  const where = path ? `${relative(process.cwd(), path) || path}: ` : '';
  const code = e.code ?? 'error';
  return `${where}${REASONS[code] ?? e.message.replace(/^[A-Z]+: /, '').split(',')[0]} (${code})`;
}

/**
 * Puts back what an interrupted import left in `docDir`: a `.official-old-…` folder where official/
 * is missing is the previous text (renamed back); staged copies and old folders beside a complete
 * official/ are removed. Returns a line for each thing done.
 */
export function recoverInterrupted(docDir: string, fs: WriterFs = NODE_FS): string[] {
  if (!fs.existsSync(docDir)) return [];
  const lines: string[] = [];
  const official = join(docDir, 'official');
  const names = fs.readdirSync(docDir);
  const old = names.filter((n) => n.startsWith(OLD)).sort();
  if (!fs.existsSync(official) && old.length) {
    const last = old.pop()!;
    fs.renameSync(join(docDir, last), official);
    lines.push(`  ⚠ ${relative(process.cwd(), official)}/ was missing and ${last}/ beside it held the text an interrupted import was replacing: put back`);
  }
  for (const n of [...old, ...names.filter((x) => x.startsWith(STAGED))]) {
    fs.rmSync(join(docDir, n), { recursive: true, force: true });
    lines.push(`  ${relative(process.cwd(), join(docDir, n))}/: left by an interrupted import, removed`);
  }
  return lines;
}

/**
 * Writes `changes` all at once or not at all. `official` is the document's official/ folder: changes
 * under it are staged in a copy of it; the others each beside their file. Returns undefined when
 * everything is in place, else the message (the content is then as it was before).
 */
export function writeAll(official: string, changes: WriteChange[], fs: WriterFs = NODE_FS): string | undefined {
  const docDir = dirname(official);
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const stageDir = join(docDir, `${STAGED}${tag}`);
  const oldDir = join(docDir, `${OLD}${tag}`);
  const inside = (p: string) => p === official || p.startsWith(`${official}/`);
  const ours = changes.filter((c) => inside(c.path));
  const others = changes.filter((c) => !inside(c.path));
  /** Files outside official/: each staged beside its target, then renamed over it. */
  const singles = others.filter((c) => c.text !== null).map((c) => ({ target: c.path, staged: join(dirname(c.path), `.${basename(c.path)}.taiyaku-new-${tag}`), text: c.text! }));
  /** Files outside official/ to delete: renamed aside first (so that can be undone), removed at the end. */
  const deletes = others.filter((c) => c.text === null && fs.existsSync(c.path)).map((c) => ({ target: c.path, aside: join(dirname(c.path), `.${basename(c.path)}.taiyaku-old-${tag}`) }));
  const cleanUp = () => {
    for (const p of [stageDir, ...singles.map((s) => s.staged)]) {
      try { fs.rmSync(p, { recursive: true, force: true }); } catch { /* best effort: recoverInterrupted removes what is left */ }
    }
  };
  /** A staged path is said as the file it stands for. */
  const shown = (path: string | undefined) => {
    if (path === undefined) return undefined;
    if (path === stageDir || path.startsWith(`${stageDir}/`)) return join(official, relative(stageDir, path));
    return singles.find((s) => s.staged === path)?.target ?? path;
  };
  const say = (e: unknown, what: string, path?: string) => {
    if (!isFsError(e)) throw e;
    const where = shown(e.path) ?? path;
    return `${what}: ${fsErrorText(e, where, true)}; nothing was changed`;
  };

  // 1. Stage: a copy of official/ with the changes, and each other file beside its target.
  let at: string | undefined;
  try {
    if (ours.length) {
      if (fs.existsSync(official)) { at = official; fs.cpSync(official, stageDir, { recursive: true }); } else { at = stageDir; fs.mkdirSync(stageDir, { recursive: true }); }
      for (const c of ours) {
        const p = join(stageDir, relative(official, c.path));
        at = c.path;
        if (c.text === null) fs.rmSync(p, { recursive: true, force: true });
        else {
          fs.mkdirSync(dirname(p), { recursive: true });
          fs.writeFileSync(p, c.text);
        }
      }
    }
    for (const s of singles) {
      at = s.target;
      fs.mkdirSync(dirname(s.target), { recursive: true });
      fs.writeFileSync(s.staged, s.text);
    }
  } catch (e) {
    cleanUp();
    return say(e, 'could not write the import', at);
  }

  // 2. Swap: renames only, each undone if a later one fails.
  const undo: (() => void)[] = [];
  try {
    if (ours.length) {
      at = official;
      if (fs.existsSync(official)) {
        fs.renameSync(official, oldDir);
        undo.push(() => fs.renameSync(oldDir, official));
      }
      fs.renameSync(stageDir, official);
      undo.push(() => fs.renameSync(official, stageDir));
    }
    for (const d of deletes) {
      at = d.target;
      fs.renameSync(d.target, d.aside);
      undo.push(() => fs.renameSync(d.aside, d.target));
    }
    for (const s of singles) {
      at = s.target;
      if (fs.existsSync(s.target)) {
        const aside = `${s.staged}.before`;
        fs.renameSync(s.target, aside);
        undo.push(() => fs.renameSync(aside, s.target));
        deletes.push({ target: s.target, aside });
      }
      fs.renameSync(s.staged, s.target);
      undo.push(() => fs.renameSync(s.target, s.staged));
    }
  } catch (e) {
    for (const u of undo.reverse()) {
      try { u(); } catch { /* the old folder stays beside official/: recoverInterrupted puts it back */ }
    }
    cleanUp();
    return say(e, 'could not swap the import in', at);
  }

  // 3. Done: what was replaced goes (a failure here leaves only hidden leftovers, removed by the next import).
  for (const p of [oldDir, ...deletes.map((d) => d.aside)]) {
    try { fs.rmSync(p, { recursive: true, force: true }); } catch { /* harmless leftover */ }
  }
  return undefined;
}
