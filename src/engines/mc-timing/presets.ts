// Worked examples for the timing widget.
import type { TiersScenario } from './schema';

export const TIERS_PRESETS = {
  /** One ability of each rung, listed back to front. */
  'all-tiers': {
    abilities: [
      { kind: 'consequential-damage' },
      { kind: 'response' },
      { kind: 'forced-response' },
      { kind: 'boost' },
      { kind: 'interrupt' },
      { kind: 'forced-interrupt' },
      { kind: 'status-card' },
      { kind: 'constant' },
    ],
    choices: [],
  },
  /** Two forced responses share tier 4a: the first player puts them in order. */
  'choice-in-tier': {
    abilities: [
      { name: 'A', kind: 'forced-response' },
      { name: 'B', kind: 'when-defeated' },
      { name: 'C', kind: 'forced-response' },
    ],
    choices: [{ tier: '4a', order: [2, 0] }],
  },
  /** Two optional responses: each player decides whether to use theirs, the first player first. */
  'optional-responses': {
    abilities: [
      { name: 'A', kind: 'response' },
      { name: 'B', kind: 'response' },
      { name: 'C', kind: 'forced-response' },
    ],
    choices: [],
  },
} satisfies Record<string, TiersScenario>;

