// Boost cards are flipped the same way whether the enemy attacks or schemes; only the stat they
// raise and the rule cited differ.
import type { Emit } from '../../engine';
import { bool, int, obj, type Infer } from '../../validate';

export const boostCardSchema = obj({
  /** Boost icons printed in the card's boost area. */
  icons: int(0, 9),
  /** The boost area shows a star: the card's ★ Boost ability resolves (its text is not modelled). */
  star: bool(),
});
export type BoostCard = Infer<typeof boostCardSchema>;

export const BOOST_KEYS = [
  'mc.boost.flip',
  'mc.boost.star',
  'mc.boost.amplify',
  'mc.boost.icons',
  'mc.boost.discard',
] as const;
export type BoostKey = (typeof BOOST_KEYS)[number];

export interface BoostCites {
  readonly flip: string;
  readonly star: string;
  readonly icons: string;
  readonly discard: string;
}

/**
 * Flips `cards` in the order they were dealt. `raise` adds to the enemy's stat and returns the new
 * value. The star is not a boost icon: it adds nothing by itself (seed 002), but amplify still adds
 * its icons to a star-only card, since amplify counts per flipped card, not per printed icon.
 */
export function flipBoosts(
  cards: readonly BoostCard[],
  amplify: number,
  stat: 'atk' | 'sch',
  trace: Emit<BoostKey>,
  cites: BoostCites,
  raise: (n: number) => number,
): void {
  cards.forEach((c, i) => {
    const card = i + 1;
    trace.add('mc.boost.flip', cites.flip, { card, icons: c.icons, star: c.star, stat });
    if (c.star) trace.add('mc.boost.star', cites.star, { card });
    if (amplify > 0) {
      trace.add('mc.boost.amplify', 'amplify-icon', { card, amplify, icons: c.icons + amplify });
    }
    const added = c.icons + amplify;
    const value = raise(added);
    trace.add('mc.boost.icons', cites.icons, { card, added, stat, value });
    trace.add('mc.boost.discard', cites.discard, { card });
  });
}
