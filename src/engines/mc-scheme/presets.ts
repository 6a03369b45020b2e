// Worked examples for the scheme widget.
import type { SchemeScenario } from './schema';

export const SCHEME_PRESETS = {
  /** SCH 1 + a boost card with 2 icons: 3 threat. */
  'boost-icons': {
    villain: { sch: 1 },
    boostCards: [{ icons: 2, star: false }],
    extraBoostCards: 0,
    amplify: 0,
    minions: [],
    threat: 0,
  },
  /** A ★ card adds no SCH (its Boost ability resolves); the villain still places its base SCH. */
  'star-boost': {
    villain: { sch: 1 },
    boostCards: [{ icons: 0, star: true }],
    extraBoostCards: 0,
    amplify: 0,
    minions: [],
    threat: 2,
  },
  /** Amplify adds to the villain's boost card; the two minions scheme after, without boost. */
  'amplify-and-minions': {
    villain: { sch: 2 },
    boostCards: [{ icons: 1, star: false }],
    extraBoostCards: 0,
    amplify: 1,
    minions: [{ sch: 1 }, { sch: 2 }],
    threat: 3,
  },
} satisfies Record<string, SchemeScenario>;

