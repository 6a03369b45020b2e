// The link formats of mc-timing (src/engines/links.ts). A past format is frozen: links written in it are
// out in the world, so its schema stays exactly as it was published and its `up` carries its values
// to the next format. links.json holds links of every format that must keep opening.
import type { LinkSpec } from '../links';
import type { Desc } from '../validate';

const V1_TIERS = ['1', '2a', '2b', '2c', '3', '4a', '4b', '5'] as const;

/**
 * Format 1 followed Rules Reference 1.7's eight tiers, numbered 1–8; 1.8 names the same rungs
 * 1, 2a, 2b, 2c, 3, 4a, 4b, 5. 1.8 lists keywords and icons in no tier, and 1.7 had them with
 * constant abilities: a format-1 keyword or icon becomes a constant ability, in the same rung.
 * (A When Defeated ability keeps its kind; 1.8 moves it to 2b, forced interrupts.)
 */
export function v1ToV2(v: unknown): unknown {
  const s = v as { abilities: { name?: string; kind: string }[]; choices: { tier: number; order: number[] }[] };
  return {
    abilities: s.abilities.map((a) => ({ ...a, kind: a.kind === 'keyword' || a.kind === 'icon' ? 'constant' : a.kind })),
    choices: s.choices.map((c) => ({ tier: V1_TIERS[c.tier - 1] ?? '1', order: c.order })),
  };
}

/** Format 1 (dot-separated tokens), published until the format-2 links. */
const V1: Desc = {"t":"obj","fields":[{"key":"abilities","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":60},"optional":true},{"key":"kind","desc":{"t":"enum","values":["constant","delayed","lasting","keyword","icon","status-card","forced-interrupt","interrupt","boost","when-defeated","when-revealed","forced-response","response","consequential-damage"]},"optional":false}]},"min":1,"max":12},"optional":false},{"key":"choices","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"tier","desc":{"t":"int","min":1,"max":8},"optional":false},{"key":"order","desc":{"t":"list","item":{"t":"int","min":0,"max":11},"min":0,"max":12},"optional":false}]},"min":0,"max":8},"optional":false}]};

export const TIERS_LINK: LinkSpec = {
  code: 'mt',
  version: 2,
  past: [{ version: 1, schema: V1, codec: 'tokens', up: v1ToV2 }],
};
