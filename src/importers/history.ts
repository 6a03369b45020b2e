// What an import adds to a document's history (official/_history/{edition}.yaml), and the lines of
// redirects.yaml the ids that left the site need. Pure: apply.ts reads and writes the files.
// docs/import.md#editions-kept, #removed-ids.
import { compareIds } from '../model/ids';
import { changedFields, editionId, freeId, type Units } from '../model/history';
import type { Matching } from './moves';

type Edition = { en?: string | undefined; ja?: string | undefined };

export interface StepInput {
  before: Units;
  now: Units;
  matching: Matching;
  edition: Edition;
  previous: Edition;
  /** Ids of the steps already written, and the id of the newest one (undefined: none yet). */
  steps: string[];
  newest: string | undefined;
  today: string;
}

export interface PlannedStep {
  id: string;
  data: {
    follows: string;
    edition: Edition;
    previous: Edition;
    imported: string;
    added: string[];
    removed: string[];
    moved: { from: string; to: string }[];
    before: Record<string, unknown>[];
  };
}

const clean = (e: Edition) => Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as Edition;

/** The step this import writes, or undefined when neither the edition nor any text changed. */
export function planStep(input: StepInput): PlannedStep | undefined {
  const { before, now, matching } = input;
  const moved = matching.pairs.filter((p) => p.from !== p.to).map((p) => ({ from: p.from, to: p.to })).sort((a, b) => compareIds(a.from, b.from));
  const entries: Record<string, unknown>[] = [];
  for (const id of matching.removed) entries.push({ id, ...changedFields(before.get(id)!, {}) });
  for (const p of matching.pairs) {
    const changed = changedFields(before.get(p.from)!, now.get(p.to)!);
    if (Object.keys(changed).length) entries.push({ id: p.from, ...changed });
  }
  entries.sort((a, b) => compareIds(String(a['id']), String(b['id'])));
  const sameEdition = JSON.stringify(clean(input.edition)) === JSON.stringify(clean(input.previous));
  if (sameEdition && !matching.added.length && !matching.removed.length && !moved.length && !entries.length) return undefined;
  const base = editionId(input.previous);
  const follows = input.newest ?? base;
  const id = freeId(editionId(input.edition, input.previous), [...input.steps, base]);
  return {
    id,
    data: {
      follows,
      edition: clean(input.edition),
      previous: clean(input.previous),
      imported: input.today,
      added: [...matching.added].sort(compareIds),
      removed: [...matching.removed].sort(compareIds),
      moved,
      before: entries,
    },
  };
}

export interface RedirectInput {
  game: string;
  doc: string;
  /** content/permalinks.json: published page → its anchors. */
  manifest: Record<string, string[]>;
  /** content/redirects.yaml's lines. */
  redirects: Record<string, string>;
  /** Ids of the previous import that are no id of the site now (and no hand-written page holds). */
  gone: string[];
  /** Previous number → number now, for the rules that moved. */
  moved: ReadonlyMap<string, string>;
  /** Entries of the previous import that are no page now. */
  gonePages: ReadonlySet<string>;
  /** The page an id is on now (entry id), if it is on one. */
  pageNow: (id: string) => string | undefined;
  /** Whether an id is an anchor on its page (a sub-rule, or an entry's own text; a bare heading is not). */
  anchored: (id: string) => boolean;
}

/**
 * The lines redirects.yaml needs so that no published page or anchor of the previous import breaks:
 * a page that is gone needs its own line and one per published anchor that its line would not
 * carry; an anchor gone from a page that stays needs its own. A rule that moved is sent where it is
 * now; one that was removed gets "…", for an editor to decide.
 */
export function redirectLines(input: RedirectInput): string[] {
  const out: string[] = [];
  const gone = new Set(input.gone);
  for (const lang of ['en', 'ja']) {
    const prefix = `/${lang}/${input.game}/${input.doc}/`;
    /** Where the rule that was `id` is now: its page, and its anchor when it has one. */
    const now = (id: string) => {
      const to = input.moved.get(id) ?? (gone.has(id) ? undefined : id);
      const page = to === undefined ? undefined : input.pageNow(to);
      return to === undefined || page === undefined ? undefined : { to, page: `${prefix}${page}/` };
    };
    const url = (id: string) => {
      const at = now(id);
      return at === undefined ? undefined : input.anchored(at.to) ? `${at.page}#${at.to}` : at.page;
    };
    for (const [path, anchors] of Object.entries(input.manifest).sort(([a], [b]) => compareIds(a, b))) {
      if (!path.startsWith(prefix) || path.includes('#')) continue;
      const entry = path.slice(prefix.length, -1);
      if (input.gonePages.has(entry)) {
        const own = input.redirects[path];
        const target = own ?? now(entry)?.page;
        if (own === undefined) out.push(`"${path}": "${target ?? '…'}"`);
        for (const a of anchors) {
          if (`${path}#${a}` in input.redirects) continue;
          const to = url(a);
          // The page's line carries its anchors: to the one anchor it names, or each to the same anchor on its target.
          if (target !== undefined && (target.includes('#') || (to !== undefined && `${target}#${a}` === to))) continue;
          out.push(`"${path}#${a}": "${to ?? '…'}"`);
        }
      } else {
        for (const a of anchors) if (gone.has(a) && !(`${path}#${a}` in input.redirects)) out.push(`"${path}#${a}": "${url(a) ?? '…'}"`);
      }
    }
  }
  return out;
}
