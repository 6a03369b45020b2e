// How the content check reads a file's text and its YAML (data files, MDX frontmatter, redirects.yaml).
// - A byte-order mark at the start is not part of the text (editors on Windows write one).
// - Anchors and aliases (`&x` … `*x`) are refused: a few lines of nested aliases stand for gigabytes
//   once anything walks the value (a 6 KB file took the check to 1 GB and a crash), and content is
//   untrusted. No content file needs them.
// - Dates stay as written: js-yaml's default (YAML 1.1) schema turns `2026-02-30` into 2 March
//   without a word, so the check reads with the core schema and the date fields of
//   src/schemas/content.ts decide (ISO calendar dates only).
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';

/** A content file's text, without a leading byte-order mark. */
export function readText(path: string): string {
  const text = readFileSync(path, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A YAML document that uses an anchor or alias; `mark` is where the first anchor is. */
export class YamlAliasError extends Error {
  constructor(readonly anchor: string, readonly mark: { line: number; column: number } | undefined) {
    super(`uses the YAML anchor &${anchor}`);
    this.name = 'YamlAliasError';
  }
}

/** Where `&name` first stands in `text` (0-based line and column, like js-yaml's marks). */
function anchorMark(text: string, name: string): { line: number; column: number } | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(^|[\\s\\[{,:-])&${escaped}(?=[\\s,\\]}]|$)`, 'm').exec(text);
  if (!m) return undefined;
  const at = m.index + m[1]!.length;
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, column: before.at(-1)!.length };
}

/** The value of a YAML text, as the content check reads it (see the top of this file). */
export function parseYaml(text: string): unknown {
  return load(text, {
    schema: CORE_SCHEMA,
    // js-yaml keeps an alias as a second reference to the anchored value, so refusing at the
    // anchor (before anything walks the value) costs nothing.
    listener(event, state) {
      const anchor = (state as { anchor?: string | null }).anchor;
      if (event === 'close' && anchor) throw new YamlAliasError(anchor, anchorMark(text, anchor));
    },
  });
}

/** Where a YAML error is, for `file:line:column`, what it says and what was expected. */
export function yamlError(e: unknown): { at: string; message: string; expected: string } {
  const err = e as { reason?: string; mark?: { line: number; column: number }; message: string };
  const at = err.mark ? `:${err.mark.line + 1}:${err.mark.column + 1}` : '';
  if (e instanceof YamlAliasError) {
    return { at, message: `uses the YAML anchor &${e.anchor} (anchors and aliases are not read in content files)`, expected: 'each value written out where it is used, without & and *' };
  }
  return { at, message: `cannot be parsed: ${err.reason ?? err.message.split('\n')[0] ?? 'invalid YAML'}`, expected: 'valid YAML' };
}
