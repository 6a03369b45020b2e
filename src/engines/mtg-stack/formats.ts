// The link formats of mtg-stack (src/engines/links.ts). A past format is frozen: links written in it are
// out in the world, so its schema stays exactly as it was published and its `up` carries its values
// to the next format. links.json holds links of every format that must keep opening.
import type { LinkSpec } from '../links';
import type { Desc } from '../validate';

type V1Action =
  | { type: 'cast'; player: number; kicked: boolean; kickCount?: number; spell: { name: string; unit: string; amount: number; permanent: boolean; kicker: string; kickerAmount: number } }
  | { type: 'activate'; player: number; name: string; unit: string; amount: number }
  | { type: 'pass'; player: number };

/**
 * Format 1 had no targets and one effect per spell or ability: each becomes a one-part effect list
 * with no target, on an empty board. The kicker amount stays the kicked amount (kicker) or the
 * amount per kick (multikicker); a spell without kicker had none.
 */
export function v1ToV2(v: unknown): unknown {
  const actions = (v as { actions: V1Action[] }).actions.map((a) => {
    if (a.type === 'pass') return a;
    if (a.type === 'activate') {
      return { type: 'activate', player: a.player, name: a.name, effects: [{ does: a.unit, amount: a.amount, target: 'none', kickedOnly: false }], targets: [] };
    }
    const { spell } = a;
    const effect = {
      does: spell.unit, amount: spell.amount, target: 'none', kickedOnly: false,
      ...(spell.kicker === 'none' ? {} : { kickedAmount: spell.kickerAmount }),
    };
    return {
      type: 'cast', player: a.player, kicked: a.kicked, ...(a.kickCount === undefined ? {} : { kickCount: a.kickCount }),
      spell: { name: spell.name, permanent: spell.permanent, kicker: spell.kicker, effects: [effect] },
      targets: [],
    };
  });
  return { board: [], actions };
}

/** Format 1 (dot-separated tokens), published until the format-2 links. */
const V1: Desc = {"t":"obj","fields":[{"key":"actions","desc":{"t":"list","item":{"t":"union","tag":"type","variants":[{"name":"cast","fields":[{"key":"player","desc":{"t":"int","min":0,"max":1},"optional":false},{"key":"spell","desc":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":60},"optional":false},{"key":"unit","desc":{"t":"enum","values":["damage","counters","cards","life"]},"optional":false},{"key":"amount","desc":{"t":"int","min":0,"max":99},"optional":false},{"key":"permanent","desc":{"t":"bool"},"optional":false},{"key":"kicker","desc":{"t":"enum","values":["none","kicker","multikicker"]},"optional":false},{"key":"kickerAmount","desc":{"t":"int","min":0,"max":99},"optional":false}]},"optional":false},{"key":"kicked","desc":{"t":"bool"},"optional":false},{"key":"kickCount","desc":{"t":"int","min":1,"max":9},"optional":true}]},{"name":"activate","fields":[{"key":"player","desc":{"t":"int","min":0,"max":1},"optional":false},{"key":"name","desc":{"t":"str","max":60},"optional":false},{"key":"unit","desc":{"t":"enum","values":["damage","counters","cards","life"]},"optional":false},{"key":"amount","desc":{"t":"int","min":0,"max":99},"optional":false}]},{"name":"pass","fields":[{"key":"player","desc":{"t":"int","min":0,"max":1},"optional":false}]}]},"min":0,"max":40},"optional":false}]};

/** Format 2 had no "another target": every part could target what an earlier part did. */
export function v2ToV3(v: unknown): unknown {
  type Part = Record<string, unknown>;
  type A = { type: string; effects?: Part[]; spell?: { effects: Part[] } } & Record<string, unknown>;
  const s = v as { board: unknown[]; actions: A[] };
  const mark = (effects: Part[]) => effects.map((e) => ({ ...e, another: false }));
  return {
    ...s,
    actions: s.actions.map((a) =>
      a.type === 'cast' && a.spell ? { ...a, spell: { ...a.spell, effects: mark(a.spell.effects) } }
      : a.type === 'activate' && a.effects ? { ...a, effects: mark(a.effects) }
      : a),
  };
}

/** Format 2 (bits), published until "another target". */
const V2: Desc = {"t":"obj","fields":[{"key":"board","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"kind","desc":{"t":"enum","values":["player","creature","planeswalker","artifact","other"]},"optional":false},{"key":"controller","desc":{"t":"int","min":0,"max":1},"optional":false},{"key":"name","desc":{"t":"str","max":40},"optional":true}]},"min":0,"max":8},"optional":false},{"key":"actions","desc":{"t":"list","item":{"t":"union","tag":"type","variants":[{"name":"cast","fields":[{"key":"player","desc":{"t":"int","min":0,"max":1},"optional":false},{"key":"spell","desc":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":60},"optional":false},{"key":"color","desc":{"t":"enum","values":["white","blue","black","red","green"]},"optional":true},{"key":"permanent","desc":{"t":"bool"},"optional":false},{"key":"kicker","desc":{"t":"enum","values":["none","kicker","multikicker"]},"optional":false},{"key":"effects","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"does","desc":{"t":"enum","values":["damage","counters","cards","life","destroy","bounce","blink","protection","copy"]},"optional":false},{"key":"amount","desc":{"t":"int","min":0,"max":99},"optional":false},{"key":"kickedAmount","desc":{"t":"int","min":0,"max":99},"optional":true},{"key":"target","desc":{"t":"enum","values":["none","any","creature","player","permanent","spell"]},"optional":false},{"key":"kickedOnly","desc":{"t":"bool"},"optional":false},{"key":"color","desc":{"t":"enum","values":["white","blue","black","red","green"]},"optional":true}]},"min":1,"max":3},"optional":false}]},"optional":false},{"key":"kicked","desc":{"t":"bool"},"optional":false},{"key":"kickCount","desc":{"t":"int","min":1,"max":9},"optional":true},{"key":"targets","desc":{"t":"list","item":{"t":"int","min":0,"max":39},"min":0,"max":4},"optional":false}]},{"name":"activate","fields":[{"key":"player","desc":{"t":"int","min":0,"max":1},"optional":false},{"key":"name","desc":{"t":"str","max":60},"optional":false},{"key":"sacrifice","desc":{"t":"int","min":0,"max":7},"optional":true},{"key":"effects","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"does","desc":{"t":"enum","values":["damage","counters","cards","life","destroy","bounce","blink","protection","copy"]},"optional":false},{"key":"amount","desc":{"t":"int","min":0,"max":99},"optional":false},{"key":"kickedAmount","desc":{"t":"int","min":0,"max":99},"optional":true},{"key":"target","desc":{"t":"enum","values":["none","any","creature","player","permanent","spell"]},"optional":false},{"key":"kickedOnly","desc":{"t":"bool"},"optional":false},{"key":"color","desc":{"t":"enum","values":["white","blue","black","red","green"]},"optional":true}]},"min":1,"max":3},"optional":false},{"key":"targets","desc":{"t":"list","item":{"t":"int","min":0,"max":39},"min":0,"max":4},"optional":false}]},{"name":"pass","fields":[{"key":"player","desc":{"t":"int","min":0,"max":1},"optional":false}]}]},"min":0,"max":40},"optional":false}]};

export const STACK_LINK: LinkSpec = {
  code: 'ms',
  version: 3,
  past: [
    { version: 1, schema: V1, codec: 'tokens', up: v1ToV2 },
    { version: 2, schema: V2, codec: 'bits', up: v2ToV3 },
  ],
};
