// Worked examples for the timing widget.
import type { TiersScenario } from './schema';

export const TIERS_PRESETS = {
  /** One ability of each tier, listed back to front. */
  'all-tiers': {
    abilities: [
      { kind: 'consequential-damage' },
      { kind: 'response' },
      { kind: 'forced-response' },
      { kind: 'boost' },
      { kind: 'interrupt' },
      { kind: 'forced-interrupt' },
      { kind: 'status-card' },
      { kind: 'keyword' },
    ],
    choices: [],
  },
  /** Two forced responses share tier 6: the players pick their order. */
  'choice-in-tier': {
    abilities: [
      { name: 'A', kind: 'forced-response' },
      { name: 'B', kind: 'when-defeated' },
      { name: 'C', kind: 'forced-response' },
    ],
    choices: [{ tier: 6, order: [2, 0] }],
  },
} satisfies Record<string, TiersScenario>;

