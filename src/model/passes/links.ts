// The links pass: planned ids, then every link between pages resolves — see and see also (with
// those an official file gives the page that gathers it) and [[id]] links inside texts. Reads
// input.planned, ctx.index, ctx.origin, ctx.officialKeys, ctx.gathered, ctx.entries; writes
// ctx.planned and the gathered pages' see / seeAlso.
import { entryTexts } from '../entry-texts';
import { findWikiLinks } from '../wiki-links';
import type { ModelContext } from './context';

export function plannedPass(ctx: ModelContext): void {
  const { input, problems, index, origin, officialKeys, planned } = ctx;
  for (const p of input.planned) {
    p.items.forEach((item, i) => {
      const key = `${p.game}:${item.id}`;
      // An id the official text now provides needs no plan any more; the plan is the maintainers' file.
      if (index.has(key) && !officialKeys.has(key)) {
        problems.add(p.file, `planned[${i}].id`, `"${item.id}" is planned but already written (${origin.get(key)})`, 'remove it from planned.yaml');
      }
      planned.set(key, { kind: 'planned', game: p.game, id: item.id, title: item.title });
    });
  }
}

export function linksPass(ctx: ModelContext): void {
  const { problems, index, planned, entries } = ctx;
  const pending = ctx.gathered;
  // Links an official file gave a page that gathers it join the page's own, checked against that
  // file; ids on the page itself are left out (a heading's list of what is below it, now rows here).
  for (const { entry, from } of pending) {
    for (const field of ['see', 'seeAlso'] as const) {
      const ids = [...entry.data[field]];
      for (const o of from) {
        o.data[field].forEach((id, i) => {
          const key = `${entry.game}:${id}`;
          const target = index.get(key);
          if (!target && !planned.has(key)) problems.add(o.file, `${field}[${i}]`, `"${id}" is not an id in ${entry.game}`, `an entry or sub-rule id of ${entry.game}, or an id declared in content/${entry.game}/planned.yaml`);
          else if (!ids.includes(id) && !(target && target.kind !== 'planned' && target.entry === entry)) ids.push(id);
        });
      }
      entry.data[field] = ids;
    }
  }
  for (const entry of entries) {
    for (const field of ['seeAlso', 'see'] as const) {
      entry.data[field].forEach((id, i) => {
        const key = `${entry.game}:${id}`;
        if (!index.has(key) && !planned.has(key)) {
          problems.add(entry.file, `${field}[${i}]`, `"${id}" is not an id in ${entry.game}`, `an entry or sub-rule id of ${entry.game}, or an id declared in content/${entry.game}/planned.yaml`);
        }
      });
    }
  }

  // [[id]] links inside texts must resolve too (planned targets render as unlinked text).
  for (const entry of entries) {
    for (const { field, text, file } of entryTexts(entry.data)) {
      for (const link of findWikiLinks(text)) {
        const key = `${entry.game}:${link.id}`;
        if (!index.has(key) && !planned.has(key)) {
          problems.add(file ?? entry.file, field, `the link [[${link.id}]] points to no id in ${entry.game}`, `an entry or sub-rule id of ${entry.game}, or an id in content/${entry.game}/planned.yaml`);
        }
      }
    }
  }
}
