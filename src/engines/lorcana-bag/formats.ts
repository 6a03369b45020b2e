// The link formats of lorcana-bag (src/engines/links.ts). A past format is frozen: links written in it are
// out in the world, so its schema stays exactly as it was published and its `up` carries its values
// to the next format. links.json holds links of every format that must keep opening.
import type { LinkSpec } from '../links';
import type { Desc } from '../validate';

/** Format 1 (dot-separated tokens), published until the format-2 links. */
const V1: Desc = {"t":"obj","fields":[{"key":"players","desc":{"t":"int","min":2,"max":4},"optional":false},{"key":"abilities","desc":{"t":"list","item":{"t":"obj","fields":[{"key":"name","desc":{"t":"str","max":60},"optional":false},{"key":"player","desc":{"t":"int","min":0,"max":3},"optional":false},{"key":"parent","desc":{"t":"int","min":0,"max":15},"optional":true}]},"min":1,"max":16},"optional":false},{"key":"choices","desc":{"t":"list","item":{"t":"int","min":0,"max":15},"min":0,"max":16},"optional":false}]};

export const BAG_LINK: LinkSpec = {
  code: 'lb',
  version: 2,
  past: [{ version: 1, schema: V1, codec: 'tokens', up: (v) => v }],
};
