// The Marvel Champions Rules Reference importer (src/importers/mc-rr.ts) on the bundled content: the
// official text of a glossary heading lands on the hand-written page that explains it. Until the villain
// phase page moved from the guide into rr/, any real Rules Reference 1.8 (which has a VILLAIN PHASE
// heading) was refused: its official entry rr/villain-phase had the id of guide/villain-phase.
// Invented sentences; only the heading names (facts) are the Rules Reference's.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { load } from 'js-yaml';
import { checkContent } from '../content/check-content';
import { runImport } from './apply';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
/** A copy of the bundled content, with the invented Rules Reference text beside it. */
function bundled(text: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-mc-rr-test-'));
  dirs.push(dir);
  cpSync('content', join(dir, 'content'), { recursive: true });
  const file = join(dir, 'rr-en.txt');
  writeFileSync(file, text);
  return { dir: join(dir, 'content'), file };
}

const RR = [
  'RULES REFERENCE', 'Marvel Champions: The Card Game — invented for a test, Version 1.8', '',
  'GLOSSARY', '',
  'ACTIVATION', 'Invented: an enemy takes its go against one player.', '',
  'VILLAIN PHASE', 'Invented: the steps of this half of the round are:',
  '1. Invented: threat goes on the scheme.',
  '2. Invented: the villain and engaged minions take their go.',
  '3. Invented: cards are handed out facedown.',
  '4. Invented: the handed-out cards are turned over.',
  '5. Invented: the first player token moves on.',
  '6. Invented: effects lasting to the end of the round stop.',
  '7. Invented: end-of-round effects happen.',
  'See also: Activation, Minion, Villain', '',
  'VILLAIN', 'Invented: the foe the players face.', '',
  'APPENDIX I: INVENTED', 'Not a glossary entry.', '',
].join('\n');

describe('a Rules Reference with a VILLAIN PHASE heading, imported into the bundled content', () => {
  it('is written with every check passing, its official text on the rr page that explains the heading', async () => {
    const { dir, file } = bundled(RR);
    const result = await runImport({ game: 'marvel-champions', en: file, out: join(dir, 'marvel-champions/rr'), today: '2031-01-02' });
    expect(result.problems ?? []).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.lines.at(-1)).toBe('✓ written');
    // Placed on the explanation of the same document: no page of its own, no clash of ids.
    expect(result.lines.join('\n')).toMatch(/rr\/villain-phase\.mdx \(villain-phase\)/);
    expect(result.lines.join('\n')).not.toContain('guide/villain-phase');
    const official = load(readFileSync(join(dir, 'marvel-champions/rr/official/villain-phase.yaml'), 'utf8')) as { rules: { id: string }[] };
    // Steps 1–5 join the explanation's sub-rules by id; 6 and 7 are official rows of the same page.
    expect(official.rules.map((r) => r.id)).toEqual(['villain-phase', ...[1, 2, 3, 4, 5, 6, 7].map((n) => `villain-phase.step-${n}`)]);
    expect(checkContent(dir).problems).toEqual([]);
  });

});

describe('the edition comes from the file or from --edition, never from the file name', () => {
  const unversioned = RR.replace(', Version 1.8', '');

  it('refuses a Rules Reference that prints no version, naming the line to add and the option', async () => {
    const { dir, file } = bundled(unversioned);
    const result = await runImport({ game: 'marvel-champions', en: file, out: join(dir, 'marvel-champions/rr'), today: '2031-01-02' });
    expect(result.ok).toBe(false);
    const text = result.lines.join('\n');
    expect(text).toContain('prints no edition (no "Version 1.8" line before GLOSSARY)');
    expect(text).toContain('--edition 1.8');
    expect(text).not.toContain('edition rr-en.txt');
    expect(() => readFileSync(join(dir, 'marvel-champions/rr/official/_edition.yaml'))).toThrow();
  });

  it('takes --edition for such a file', async () => {
    const { dir, file } = bundled(unversioned);
    const result = await runImport({ game: 'marvel-champions', en: file, edition: '1.8', out: join(dir, 'marvel-champions/rr'), today: '2031-01-02' });
    expect(result.ok).toBe(true);
    const edition = load(readFileSync(join(dir, 'marvel-champions/rr/official/_edition.yaml'), 'utf8')) as { edition: { en: string }; version: string };
    expect(edition.edition.en).toBe('1.8');
    expect(edition.version).toBe('1.8');
  });

  it('refuses --edition when the file prints its own', async () => {
    const { dir, file } = bundled(RR);
    const result = await runImport({ game: 'marvel-champions', en: file, edition: '1.9', out: join(dir, 'marvel-champions/rr'), today: '2031-01-02' });
    expect(result.ok).toBe(false);
    expect(result.lines.join('\n')).toContain('prints its edition (1.8): --edition 1.9 is only for a file that prints none');
  });
});

describe('a second deployment', () => {
  it('rewrites nothing when the same text comes under another file name', async () => {
    const { dir, file } = bundled(RR);
    const out = join(dir, 'marvel-champions/rr');
    expect((await runImport({ game: 'marvel-champions', en: file, out, today: '2031-01-02' })).ok).toBe(true);
    const renamed = join(dir, '..', 'mc_rulesreference_v18.txt');
    writeFileSync(renamed, RR);
    const again = await runImport({ game: 'marvel-champions', en: renamed, out, today: '2031-02-03' });
    expect(again.ok).toBe(true);
    expect(again.lines.join('\n')).toContain('official entries: 0 new, 0 updated, 3 unchanged, 0 deleted');
    expect(readFileSync(join(out, 'official/villain-phase.yaml'), 'utf8')).toContain('checked: 2031-01-02');
  });
});
