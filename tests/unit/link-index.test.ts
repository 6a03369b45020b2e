// Backlinks, ghosts and unresolved references over a small fixture built from the bad-content base.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '~/content/load-content';
import { parentId } from '~/model/link-index';
import { lineOf } from '~/content/source-lines';

const dir = mkdtempSync(join(tmpdir(), 'taiyaku-links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
cpSync('tests/fixtures/content/base', dir, { recursive: true });
writeFileSync(join(dir, 'demo/cr/100.3.yaml'), [
  'title: { ja: 三番目, en: Third }',
  'checked: 2026-11-30',
  'rules:',
  '  - id: 100.3a',
  '    ja: ルール100.1a と 100.2a を参照。',
  '    en: See rule 100.1a, rule 999.1 and rule 123.4b.',
  '',
].join('\n'));
const { site } = loadContent(dir);
const entry = (id: string) => site.entries.find((e) => e.id === id)!;

describe('link index', () => {
  it('records see-also, [[links]] and inline references as edges', () => {
    const kinds = site.links.outgoing(entry('100.1')).map((e) => `${e.kind}→${e.to.id}`);
    expect(kinds).toEqual(['see-also→100.2a', 'see-also→999.1', 'link→100.2']);
    expect(site.links.outgoing(entry('100.3')).map((e) => `${e.kind}:${e.fromRule}→${e.to.id}`)).toEqual([
      'ref:100.3a→100.1a', 'ref:100.3a→100.2a', 'ref:100.3a→999.1',
    ]);
  });

  it('computes backlinks from other entries, once per edge', () => {
    const into = site.links.incoming(entry('100.2')).map((e) => `${e.from.id}:${e.kind}:${e.fromRule ?? ''}`);
    expect(into).toEqual(['100.1:see-also:', '100.1:link:100.1a', '100.3:ref:100.3a']);
  });

  it('keeps planned targets as ghosts (edges, no backlinks) and reports references to nothing', () => {
    expect(site.links.outgoing(entry('100.3')).find((e) => e.to.id === '999.1')?.to.kind).toBe('planned');
    expect(site.links.unresolved).toEqual([
      { file: expect.stringContaining('100.3.yaml'), field: 'rules[0].en', ruleId: '100.3a', text: '123.4b', id: '123.4b' },
    ]);
  });

  it('reports the source line of an unresolved reference', () => {
    const text = readFileSync(join(dir, 'demo/cr/100.3.yaml'), 'utf8');
    expect(lineOf(text, '123.4b', '100.3a')).toBe(6);
  });

  it.each([
    ['104.3a', 'mtg', '104.3'], ['104.3', 'mtg', '104'], ['104', 'mtg', undefined],
    ['6.1.3', 'dotted', '6.1'], ['ability.tier-1', 'slug', 'ability'],
  ] as const)('parent of %s (%s) is %s', (id, style, parent) => {
    expect(parentId(id, style)).toBe(parent);
  });
});
