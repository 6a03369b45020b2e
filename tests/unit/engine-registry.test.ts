import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_IDS, loadAll } from '~/widgets/registry';

// The registry is the one list of engines (src/engines/README.md): every engine folder is in it, and
// only those, so a forgotten line fails here instead of a widget failing silently. An engine is a
// folder of rules (src/engines/{id}) and a folder of presentation (src/widgets/engines/{id}).
const HERE = 'src/engines';
const VIEWS = 'src/widgets/engines';
const folders = (dir: string, file: string): string[] =>
  readdirSync(dir).filter((f) => statSync(join(dir, f)).isDirectory() && readdirSync(join(dir, f)).includes(file)).toSorted();
const modules = await loadAll();

describe('the registry', () => {
  it('lists every engine folder, and only those: adding an engine is one folder and one line', () => {
    expect(folders(HERE, 'engine.ts')).toEqual([...ENGINE_IDS].toSorted());
    expect(folders(VIEWS, 'index.ts')).toEqual([...ENGINE_IDS].toSorted());
    for (const id of ENGINE_IDS) expect(modules[id].id).toBe(id);
  });

  it("keeps the rules free of presentation: nothing in src/engines imports the widgets", () => {
    const rulesFiles = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) return rulesFiles(p);
        return /\.ts$/.test(f) ? [p] : [];
      });
    for (const f of rulesFiles(HERE)) expect(readFileSync(f, 'utf8'), f).not.toMatch(/from '[^']*widgets/);
  });

  it('keeps each engine folder on its own: no engine imports another engine’s folder', () => {
    for (const id of ENGINE_IDS) {
      const others = ENGINE_IDS.filter((o) => o !== id).join('|');
      for (const dir of [HERE, VIEWS]) {
        for (const f of readdirSync(join(dir, id)).filter((x) => x.endsWith('.ts'))) {
          expect(readFileSync(join(dir, id, f), 'utf8'), `${dir}/${id}/${f}`).not.toMatch(new RegExp(`from '(\\.\\./)+(engines/)?(${others})/`));
        }
      }
    }
  });
});

