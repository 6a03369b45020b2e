// The link formats of lorcana-damage (src/engines/links.ts). A past format is frozen: links written in it are
// out in the world, so its schema stays exactly as it was published and its `up` carries its values
// to the next format. links.json holds links of every format that must keep opening.
import type { LinkSpec } from '../links';
import type { Desc } from '../validate';

type V1Card = { onDamage: string[] } & Record<string, unknown>;

/** Format 1 listed "takes damage" abilities by name only: each becomes a "takes damage" ability. */
export function v1ToV2(v: unknown): unknown {
  const s = v as { cards: V1Card[] } & Record<string, unknown>;
  return { ...s, cards: s.cards.map((c) => ({ ...c, onDamage: c.onDamage.map((name) => ({ name, wording: 'takes' })) })) };
}

/** Format 1 (dot-separated tokens), published until the format-2 links. */
const V1: Desc = {"t":"obj","fields":[{"key":"source","desc":{"t":"str","max":60},"optional":true},{"key":"verb","desc":{"t":"enum","values":["deal","put","move"]},"optional":false},{"key":"amount","desc":{"t":"int","min":0,"max":20},"optional":false},{"key":"from","desc":{"t":"str","max":40},"optional":true},{"key":"target","desc":{"t":"str","max":40},"optional":false},{"key":"cards","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":40},"optional":false},{"key":"willpower","desc":{"t":"int","min":1,"max":99},"optional":false},{"key":"damage","desc":{"t":"int","min":0,"max":99},"optional":false},{"key":"resist","desc":{"t":"int","min":0,"max":9},"optional":false},{"key":"onDamage","desc":{"t":"list","item":{"t":"str","max":60},"min":0,"max":3},"optional":false},{"key":"onBanished","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":60},"optional":false},{"key":"when","desc":{"t":"enum","values":["any","challenged","in-challenge"]},"optional":false},{"key":"effect","desc":{"t":"enum","values":["none","banish-challenger","return-to-hand"]},"optional":false}]},"min":0,"max":3},"optional":false},{"key":"owner","desc":{"t":"enum","values":["active","opponent"]},"optional":false}]},"min":1,"max":6},"optional":false},{"key":"replacements","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":60},"optional":false},{"key":"self","desc":{"t":"bool"},"optional":false},{"key":"appliesTo","desc":{"t":"str","max":40},"optional":true},{"key":"effect","desc":{"t":"union","tag":"type","variants":[{"name":"set-amount","fields":[{"key":"amount","desc":{"t":"int","min":0,"max":20},"optional":false}]},{"name":"redirect-put","fields":[{"key":"to","desc":{"t":"str","max":40},"optional":false}]},{"name":"prevent","fields":[]}]},"optional":false}]},"min":0,"max":4},"optional":false}]};

export const DAMAGE_EVENT_LINK: LinkSpec = {
  code: 'ld',
  version: 2,
  past: [{ version: 1, schema: V1, codec: 'tokens', up: v1ToV2 }],
};
