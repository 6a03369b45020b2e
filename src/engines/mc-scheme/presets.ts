// Worked examples for the scheme widget.
import type { SchemeScenario } from './schema';

const minion = (sch: number, extra: Partial<SchemeScenario['minions'][number]> = {}): SchemeScenario['minions'][number] => ({
  sch, villainous: false, stunned: 0, confused: 0, steady: false, stalwart: false, ...extra,
});

export const SCHEME_PRESETS = {
  /** SCH 1 + a boost card with 2 icons: 3 threat. */
  'boost-icons': {
    villain: { sch: 1, stunned: 0, confused: 0, steady: false, stalwart: false },
    boostCards: [{ icons: 2, star: false }],
    extraBoostCards: 0,
    amplify: 0,
    minions: [],
    threat: 0,
  },
  /** A ★ card adds no SCH (its Boost ability resolves); the villain still places its base SCH. */
  'star-boost': {
    villain: { sch: 1, stunned: 0, confused: 0, steady: false, stalwart: false },
    boostCards: [{ icons: 0, star: true }],
    extraBoostCards: 0,
    amplify: 0,
    minions: [],
    threat: 2,
  },
  /** Amplify adds to the villain's boost card; the two minions scheme after, without boost. */
  'amplify-and-minions': {
    villain: { sch: 2, stunned: 0, confused: 0, steady: false, stalwart: false },
    boostCards: [{ icons: 1, star: false }],
    extraBoostCards: 0,
    amplify: 1,
    minions: [minion(1), minion(2)],
    threat: 3,
  },
  /** A villainous minion is dealt a boost card when it schemes, as the villain is. */
  'villainous-minion': {
    villain: { sch: 1, stunned: 0, confused: 0, steady: false, stalwart: false },
    boostCards: [{ icons: 1, star: false }, { icons: 2, star: false }],
    extraBoostCards: 0,
    amplify: 0,
    minions: [minion(1, { villainous: true })],
    threat: 0,
  },
  /** A confused villain removes its confused card instead of scheming; the minion still schemes. */
  confused: {
    villain: { sch: 3, stunned: 0, confused: 1, steady: false, stalwart: false },
    boostCards: [],
    extraBoostCards: 0,
    amplify: 0,
    minions: [minion(1)],
    threat: 2,
  },
  /** A stunned villain still schemes (stunned cancels an attack) and keeps its card; a steady minion with two confused cards is confused. */
  'stunned-schemes': {
    villain: { sch: 2, stunned: 1, confused: 0, steady: false, stalwart: false },
    boostCards: [{ icons: 1, star: false }],
    extraBoostCards: 0,
    amplify: 0,
    minions: [minion(1, { confused: 2, steady: true })],
    threat: 0,
  },
} satisfies Record<string, SchemeScenario>;

