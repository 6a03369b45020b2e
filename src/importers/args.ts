// The one command-line reader of the importer (src/importers/cli.ts) and the deploy script
// (scripts/deploy.mjs): `--name value` options, `--name` switches, and the bare arguments. Each
// caller names what it takes and turns the result into its options; this only splits the words and
// refuses what it does not know, with the same messages for both. Plain, erasable TypeScript and no
// imports, so the deploy script loads it with Node's own type stripping.

export interface ArgSpec {
  /** Options that take the next word as their value (given twice: the last one counts). */
  values?: readonly string[];
  /** Options that take a value and may be given more than once (every value, in order). */
  lists?: readonly string[];
  /** Switches: present or not. */
  flags?: readonly string[];
  /** Whether bare words (not starting with `-`) are taken, in order; otherwise each is refused. */
  positionals?: boolean;
}

export interface Args {
  values: Record<string, string>;
  lists: Record<string, string[]>;
  flags: Set<string>;
  positionals: string[];
}

/** Splits `argv` by `spec`; throws an Error naming the word for an option without its value, an unknown option or an unexpected word. */
export function readArgs(argv: readonly string[], spec: ArgSpec): Args {
  const out: Args = { values: {}, lists: {}, flags: new Set(), positionals: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const takesValue = spec.values?.includes(arg) || spec.lists?.includes(arg);
    if (takesValue) {
      const v = argv[++i];
      // A value never starts with `--`: `--out --force` is a forgotten value, not a folder named --force.
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value`);
      if (spec.lists?.includes(arg)) (out.lists[arg] ??= []).push(v);
      else out.values[arg] = v;
    } else if (spec.flags?.includes(arg)) out.flags.add(arg);
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else if (spec.positionals) out.positionals.push(arg);
    else throw new Error(`unexpected argument ${arg}`);
  }
  return out;
}
