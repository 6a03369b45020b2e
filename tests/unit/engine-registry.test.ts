import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_IDS, loadAll } from '~/engines';

// The registry is the one list of engines (src/engines/README.md): every engine folder is in it, and
// only those, so a forgotten line fails here instead of a widget failing silently.
const HERE = 'src/engines';
const modules = await loadAll();

describe('the registry', () => {
  it('lists every engine folder, and only those: adding an engine is one folder and one line', () => {
    const folders = readdirSync(HERE).filter((f) => statSync(join(HERE, f)).isDirectory() && readdirSync(join(HERE, f)).includes('index.ts'));
    expect(folders.toSorted()).toEqual([...ENGINE_IDS].toSorted());
    for (const id of ENGINE_IDS) expect(modules[id].id).toBe(id);
  });

  it("keeps the rules free of presentation: an engine's rules never import the widgets", () => {
    const rulesFiles = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) return rulesFiles(p);
        return /\.ts$/.test(f) && !/(view|index)\.ts$|\.test\.ts$/.test(f) && f !== 'registry.ts' ? [p] : [];
      });
    for (const f of rulesFiles(HERE)) expect(readFileSync(f, 'utf8'), f).not.toMatch(/from '[^']*widgets/);
  });

  it('keeps each engine folder on its own: no engine imports another engine’s folder', () => {
    for (const id of ENGINE_IDS) {
      for (const f of readdirSync(join(HERE, id)).filter((x) => x.endsWith('.ts'))) {
        const others = ENGINE_IDS.filter((o) => o !== id).join('|');
        expect(readFileSync(join(HERE, id, f), 'utf8'), `${id}/${f}`).not.toMatch(new RegExp(`from '\\.\\./(${others})/`));
      }
    }
  });
});

