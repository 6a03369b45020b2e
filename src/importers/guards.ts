// What a re-import may not do unasked (docs/import.md#re-import-guards): drop many ids at once (a
// file of another document, or one cut short, would delete most of the official text) or go back to
// an older edition (a stale download would rewind the site). Each needs the deployer to say so:
// --allow-removals, --allow-older.

/** More removed ids than this share of the previous edition's (and at least MIN_REMOVED) needs --allow-removals. */
export const REMOVED_SHARE = 0.05;
export const MIN_REMOVED = 5;
/** More removed ids than this needs --allow-removals whatever the share. */
export const MAX_REMOVED = 20;

const list = (ids: string[], max = 8) => (ids.length > max ? `${ids.slice(0, max).join(', ')}, … (${ids.length - max} more)` : ids.join(', '));

/** The refusal when `removed` (ids of the previous edition whose rule does not continue) is too many. */
export function removalRefusal(removed: string[], previousIds: number): string | undefined {
  const limit = Math.min(MAX_REMOVED, Math.max(MIN_REMOVED, Math.floor(REMOVED_SHARE * previousIds)));
  if (removed.length <= limit) return undefined;
  const share = previousIds ? Math.round((100 * removed.length) / previousIds) : 100;
  return `this import removes ${removed.length} of the ${previousIds} ids of the previous edition (${share}%; more than ${limit} needs your word): ${list(removed)}. `
    + 'A file of another document, or one cut short, looks like this. If the new edition really drops them, run again with --allow-removals';
}

type Edition = { en?: string | undefined; ja?: string | undefined };

/** -1, 0, 1 for two edition ids of one kind (dates YYYY-MM-DD, or dotted versions such as 2.0.1 and 20320115.0); undefined when they cannot be compared. */
export function compareEditions(a: string | undefined, b: string | undefined): number | undefined {
  if (a === undefined || b === undefined) return undefined;
  if (a === b) return 0;
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (date.test(a) && date.test(b)) return a < b ? -1 : 1;
  const version = /^\d+(?:\.\d+)*$/;
  if (!version.test(a) || !version.test(b)) return undefined;
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** The refusal when `now` is older than `previous` (English first; the Japanese translation when the English is the same). */
export function olderRefusal(previous: Edition & { effective?: string | undefined }, now: Edition & { effective?: string | undefined }): string | undefined {
  const en = compareEditions(now.en, previous.en) ?? compareEditions(now.effective, previous.effective);
  const label = (e: Edition) => [e.en, e.ja !== undefined ? `ja ${e.ja}` : undefined].filter(Boolean).join(' + ');
  const older = en === -1 ? 'English' : en === 0 && compareEditions(now.ja, previous.ja) === -1 ? 'Japanese' : undefined;
  if (!older) return undefined;
  return `the files are an older edition (${label(now)}) than the one imported last (${label(previous)}): the ${older} edition goes back. `
    + 'A stale download looks like this. To go back on purpose (the newer file was imported by mistake), run again with --allow-older';
}
