// The link formats of mc-attack (src/engines/links.ts). A past format is frozen: links written in it are
// out in the world, so its schema stays exactly as it was published and its `up` carries its values
// to the next format. links.json holds links of every format that must keep opening.
import type { LinkSpec } from '../links';
import type { Desc } from '../validate';

/**
 * Format 1 knew neither piercing, ranged, stunned nor steady, and resolved retaliate before the
 * other forced abilities: an attacker without them, retaliate first.
 */
export function v1ToV2(v: unknown): unknown {
  const s = v as { attacker: Record<string, unknown> } & Record<string, unknown>;
  return { ...s, attacker: { ...s.attacker, piercing: false, ranged: false, stunned: 0, steady: false }, retaliateAfter: 0 };
}

/** Format 1 (dot-separated tokens), published until the format-2 links. */
const V1: Desc = {"t":"obj","fields":[{"key":"attacker","desc":{"t":"obj","fields":[{"key":"kind","desc":{"t":"enum","values":["villain","minion"]},"optional":false},{"key":"name","desc":{"t":"str","max":40},"optional":true},{"key":"atk","desc":{"t":"int","min":0,"max":50},"optional":false},{"key":"villainous","desc":{"t":"bool"},"optional":false},{"key":"overkill","desc":{"t":"bool"},"optional":false},{"key":"hp","desc":{"t":"int","min":1,"max":999},"optional":false},{"key":"tough","desc":{"t":"bool"},"optional":false}]},"optional":false},{"key":"boostCards","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"icons","desc":{"t":"int","min":0,"max":9},"optional":false},{"key":"star","desc":{"t":"bool"},"optional":false}]},"min":0,"max":12},"optional":false},{"key":"extraBoostCards","desc":{"t":"int","min":0,"max":5},"optional":false},{"key":"amplify","desc":{"t":"int","min":0,"max":9},"optional":false},{"key":"players","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"identity","desc":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":40},"optional":true},{"key":"hp","desc":{"t":"int","min":1,"max":99},"optional":false},{"key":"tough","desc":{"t":"bool"},"optional":false},{"key":"exhausted","desc":{"t":"bool"},"optional":false},{"key":"retaliate","desc":{"t":"int","min":0,"max":9},"optional":false},{"key":"form","desc":{"t":"enum","values":["hero","alter-ego"]},"optional":false},{"key":"def","desc":{"t":"int","min":0,"max":20},"optional":false}]},"optional":false},{"key":"allies","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":40},"optional":true},{"key":"hp","desc":{"t":"int","min":1,"max":99},"optional":false},{"key":"tough","desc":{"t":"bool"},"optional":false},{"key":"exhausted","desc":{"t":"bool"},"optional":false},{"key":"retaliate","desc":{"t":"int","min":0,"max":9},"optional":false}]},"min":0,"max":3},"optional":false}]},"min":1,"max":4},"optional":false},{"key":"target","desc":{"t":"obj","fields":[{"key":"player","desc":{"t":"int","min":0,"max":3},"optional":false},{"key":"ally","desc":{"t":"int","min":0,"max":2},"optional":true}]},"optional":false},{"key":"defender","desc":{"t":"union","tag":"kind","variants":[{"name":"none","fields":[]},{"name":"hero","fields":[{"key":"player","desc":{"t":"int","min":0,"max":3},"optional":false}]},{"name":"ally","fields":[{"key":"player","desc":{"t":"int","min":0,"max":3},"optional":false},{"key":"ally","desc":{"t":"int","min":0,"max":2},"optional":false}]}]},"optional":false},{"key":"after","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":60},"optional":false},{"key":"forced","desc":{"t":"bool"},"optional":false},{"key":"trigger","desc":{"t":"enum","values":["attacks","attacks-damages","attacks-defeats","attacked","defends","defends-no-damage"]},"optional":false}]},"min":0,"max":8},"optional":false}]};

export const ATTACK_LINK: LinkSpec = {
  code: 'mca',
  version: 2,
  past: [{ version: 1, schema: V1, codec: 'tokens', up: v1ToV2 }],
};
