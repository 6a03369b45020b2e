// The link formats of mc-scheme (src/engines/links.ts). A past format is frozen: links written in it are
// out in the world, so its schema stays exactly as it was published and its `up` carries its values
// to the next format. links.json holds links of every format that must keep opening.
import type { LinkSpec } from '../links';
import type { Desc } from '../validate';

/** Format 1 knew neither confused nor steady enemies, nor villainous minions. */
export function v1ToV2(v: unknown): unknown {
  const s = v as { villain: Record<string, unknown>; minions: Record<string, unknown>[] } & Record<string, unknown>;
  return {
    ...s,
    villain: { ...s.villain, confused: 0, steady: false },
    minions: s.minions.map((m) => ({ ...m, villainous: false, confused: 0, steady: false })),
  };
}

/** Format 1 (dot-separated tokens), published until the format-2 links. */
const V1: Desc = {"t":"obj","fields":[{"key":"villain","desc":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":40},"optional":true},{"key":"sch","desc":{"t":"int","min":0,"max":50},"optional":false}]},"optional":false},{"key":"boostCards","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"icons","desc":{"t":"int","min":0,"max":9},"optional":false},{"key":"star","desc":{"t":"bool"},"optional":false}]},"min":0,"max":12},"optional":false},{"key":"extraBoostCards","desc":{"t":"int","min":0,"max":5},"optional":false},{"key":"amplify","desc":{"t":"int","min":0,"max":9},"optional":false},{"key":"minions","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":40},"optional":true},{"key":"sch","desc":{"t":"int","min":0,"max":20},"optional":false}]},"min":0,"max":8},"optional":false},{"key":"threat","desc":{"t":"int","min":0,"max":999},"optional":false}]};

/** Format 2 knew no stunned cards on a scheming enemy and no stalwart. */
export function v2ToV3(v: unknown): unknown {
  const s = v as { villain: Record<string, unknown>; minions: Record<string, unknown>[] } & Record<string, unknown>;
  const add = (e: Record<string, unknown>) => ({ ...e, stunned: 0, stalwart: false });
  return { ...s, villain: add(s.villain), minions: s.minions.map(add) };
}

/** Format 2 (bits), published until every status on every activation. */
const V2: Desc = {"t":"obj","fields":[{"key":"villain","desc":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":40},"optional":true},{"key":"sch","desc":{"t":"int","min":0,"max":50},"optional":false},{"key":"confused","desc":{"t":"int","min":0,"max":2},"optional":false},{"key":"steady","desc":{"t":"bool"},"optional":false}]},"optional":false},{"key":"boostCards","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"icons","desc":{"t":"int","min":0,"max":9},"optional":false},{"key":"star","desc":{"t":"bool"},"optional":false}]},"min":0,"max":12},"optional":false},{"key":"extraBoostCards","desc":{"t":"int","min":0,"max":5},"optional":false},{"key":"amplify","desc":{"t":"int","min":0,"max":9},"optional":false},{"key":"minions","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":40},"optional":true},{"key":"sch","desc":{"t":"int","min":0,"max":20},"optional":false},{"key":"villainous","desc":{"t":"bool"},"optional":false},{"key":"confused","desc":{"t":"int","min":0,"max":2},"optional":false},{"key":"steady","desc":{"t":"bool"},"optional":false}]},"min":0,"max":8},"optional":false},{"key":"threat","desc":{"t":"int","min":0,"max":999},"optional":false}]};

export const SCHEME_LINK: LinkSpec = {
  code: 'mcs',
  version: 3,
  past: [
    { version: 1, schema: V1, codec: 'tokens', up: v1ToV2 },
    { version: 2, schema: V2, codec: 'bits', up: v2ToV3 },
  ],
};
