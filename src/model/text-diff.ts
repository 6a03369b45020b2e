// The marked change between two editions of one text, for the history and changes pages
// (docs/architecture.md#editions): English by words, Japanese by characters. Pure.
//
// Algorithm and cost: the texts are cut into tokens (English: words, rule numbers such as 104.2b as
// one word, runs of spaces, single punctuation marks; Japanese: single characters, with runs of
// Latin letters and digits — rule numbers, English words — as one token). The common prefix and
// suffix are trimmed in linear time; what is left goes to Myers' greedy O((N+M)·D) diff (N, M the
// tokens left, D the number of tokens inserted and deleted), which is near linear for the small
// rewordings rules documents make. D is capped at MAX_EDITS: past it the middle is shown as one
// replacement rather than searched further, so a 2,000-character text rewritten throughout costs at
// most (N+M)·MAX_EDITS steps and MAX_EDITS² small integers of memory, never the N·M of a table.
// Last, equalities too short to read on their own (no longer than the changes on both sides of
// them; in English spaces and marks count as nothing) join the changes, so a run of replaced words
// reads as one replacement rather than word, space, word interleaved.

export type DiffOp = { op: 'eq' | 'del' | 'ins'; text: string };
export type DiffMode = 'words' | 'chars';

/** Past this many inserted plus deleted tokens, the trimmed middle is shown as replaced. */
export const MAX_EDITS = 1000;

const WORDS = /\s+|[\p{L}\p{N}]+(?:[.'’\-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
const CHARS = /[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*|\s+|[\s\S]/gu;

export function tokens(text: string, mode: DiffMode): string[] {
  return text.match(mode === 'words' ? WORDS : CHARS) ?? [];
}

/** The diff of `before` → `after`, as equal, deleted and inserted runs in text order. */
export function diffText(before: string, after: string, mode: DiffMode): DiffOp[] {
  if (before === after) return before ? [{ op: 'eq', text: before }] : [];
  const a = tokens(before, mode);
  const b = tokens(after, mode);
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const midA = a.slice(pre, a.length - suf);
  const midB = b.slice(pre, b.length - suf);
  const ops: DiffOp[] = [];
  const push = (op: DiffOp['op'], text: string) => {
    if (!text) return;
    const last = ops.at(-1);
    if (last && last.op === op) last.text += text;
    else ops.push({ op, text });
  };
  push('eq', a.slice(0, pre).join(''));
  for (const [op, t] of middle(midA, midB)) push(op, t);
  push('eq', a.slice(a.length - suf).join(''));
  return cleanup(ops, mode);
}

/** Myers' greedy diff of two token lists (their common ends already trimmed), edits capped. */
function middle(a: string[], b: string[]): [DiffOp['op'], string][] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return [['ins', b.join('')]];
  if (m === 0) return [['del', a.join('')]];
  // Tokens as small integers, so the inner loop compares numbers.
  const ids = new Map<string, number>();
  const code = (t: string) => { let c = ids.get(t); if (c === undefined) { c = ids.size; ids.set(t, c); } return c; };
  const A = Int32Array.from(a, code);
  const B = Int32Array.from(b, code);
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] is v as it stood after round d, only the diagonals -d..d (2d+1 values).
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) { x++; y++; }
      v[offset + k] = x;
      if (x >= n && y >= m) { found = d; break; }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }
  if (found < 0) return [['del', a.join('')], ['ins', b.join('')]];
  // Walk back from (n, m) through the rounds, collecting the moves in reverse.
  const out: [DiffOp['op'], string][] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d - 1]!; // diagonals -(d-1)..(d-1), index k + d - 1
    const at = (k: number) => prev[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const pk = down ? k + 1 : k - 1;
    const px = at(pk);
    const py = px - pk;
    while (x > px + (down ? 0 : 1) && y > py + (down ? 1 : 0)) { x--; y--; out.push(['eq', a[x]!]); }
    if (down) { y--; out.push(['ins', b[y]!]); } else { x--; out.push(['del', a[x]!]); }
  }
  while (x > 0 && y > 0) { x--; y--; out.push(['eq', a[x]!]); }
  return out.reverse();
}

/**
 * Equalities too short to read on their own join the changes around them (diff-match-patch's
 * semantic clean-up): an equality no longer than the larger side of the change before it and of the
 * change after it (English counted in words, so spaces and marks alone always join). A stack: each
 * merge removes runs, so the pass is linear in the number of runs.
 */
function cleanup(ops: DiffOp[], mode: DiffMode): DiffOp[] {
  type Seg = { eq: string } | { del: string; ins: string };
  const size = (s: string) => (mode === 'words' ? tokens(s, 'words').filter((t) => /[\p{L}\p{N}]/u.test(t)).length : [...s].length);
  const side = (c: { del: string; ins: string }) => Math.max(size(c.del), size(c.ins));
  const out: Seg[] = [];
  for (const o of ops) {
    const last = out.at(-1);
    if (o.op === 'eq') {
      if (last && 'eq' in last) last.eq += o.text;
      else out.push({ eq: o.text });
      continue;
    }
    if (last && 'del' in last) last[o.op] += o.text;
    else out.push({ del: o.op === 'del' ? o.text : '', ins: o.op === 'ins' ? o.text : '' });
    // change, equality, change at the end: merge while the equality is too short to stand alone.
    for (;;) {
      const [c1, e, c2] = out.slice(-3);
      if (!c1 || !e || !c2 || !('del' in c1) || !('eq' in e) || !('del' in c2)) break;
      if (size(e.eq) > Math.min(side(c1), side(c2))) break;
      out.splice(-3, 3, { del: c1.del + e.eq + c2.del, ins: c1.ins + e.eq + c2.ins });
    }
  }
  return out.flatMap((s): DiffOp[] => ('eq' in s ? [{ op: 'eq', text: s.eq }] : [
    ...(s.del ? [{ op: 'del' as const, text: s.del }] : []),
    ...(s.ins ? [{ op: 'ins' as const, text: s.ins }] : []),
  ]));
}

/** Whether a diff changes anything. */
export const changes = (ops: DiffOp[]) => ops.some((o) => o.op !== 'eq');
