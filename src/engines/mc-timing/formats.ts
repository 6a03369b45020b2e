// The link formats of mc-timing (src/engines/links.ts). A past format is frozen: links written in it are
// out in the world, so its schema stays exactly as it was published and its `up` carries its values
// to the next format. links.json holds links of every format that must keep opening.
import type { LinkSpec } from '../links';
import type { Desc } from '../validate';

/** Format 1 (dot-separated tokens), published until the format-2 links. */
const V1: Desc = {"t":"obj","fields":[{"key":"abilities","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":60},"optional":true},{"key":"kind","desc":{"t":"enum","values":["constant","delayed","lasting","keyword","icon","status-card","forced-interrupt","interrupt","boost","when-defeated","when-revealed","forced-response","response","consequential-damage"]},"optional":false}]},"min":1,"max":12},"optional":false},{"key":"choices","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"tier","desc":{"t":"int","min":1,"max":8},"optional":false},{"key":"order","desc":{"t":"list","item":{"t":"int","min":0,"max":11},"min":0,"max":12},"optional":false}]},"min":0,"max":8},"optional":false}]};

export const TIERS_LINK: LinkSpec = {
  code: 'mt',
  version: 2,
  past: [{ version: 1, schema: V1, codec: 'tokens', up: (v) => v }],
};
