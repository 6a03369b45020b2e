import { BASE } from '../../playwright.config';

/** A site path under the deploy base: at('/ja/') → '/taiyaku/ja/'. */
export const at = (path: string) => `${BASE.replace(/\/$/, '')}${path}`;
export const KICKER = '/mtg/cr/702.33/';
