// Worked examples for the enemy-attack widget. The numbers illustrate the rules (seed 000 ATTACK
// (ENEMY ACTIVATION), ATTACKS AGAINST ALLIES; seed 002 hero form); they are not any card's stats,
// which is why no card names are given and the UI shows role labels instead.
import type { AttackScenario } from './schema';

type Identity = AttackScenario['players'][number]['identity'];
type Ally = AttackScenario['players'][number]['allies'][number];

const hero = (def: number, extra: Partial<Identity> = {}): Identity => ({
  form: 'hero', hp: 10, def, tough: false, exhausted: false, retaliate: 0, ...extra,
});
const ally = (hp: number, extra: Partial<Ally> = {}): Ally => ({
  hp, tough: false, exhausted: false, retaliate: 0, ...extra,
});
const villain = (atk: number, extra: Partial<AttackScenario['attacker']> = {}): AttackScenario['attacker'] => ({
  kind: 'villain', atk, villainous: false, overkill: false, piercing: false, ranged: false, hp: 14, tough: false, stunned: 0, confused: 0, steady: false, stalwart: false, ...extra,
});
const minion = (atk: number, extra: Partial<AttackScenario['attacker']> = {}) =>
  villain(atk, { kind: 'minion', hp: 3, ...extra });

const base = {
  extraBoostCards: 0,
  amplify: 0,
  target: { player: 0 },
  after: [],
  retaliateAfter: 0,
} satisfies Partial<AttackScenario>;

export const ATTACK_PRESETS = {
  /** ATK 2 + a boost card with 2 icons = 4; DEF 3 leaves 1 damage. */
  'hero-defends': {
    ...base,
    attacker: villain(2),
    boostCards: [{ icons: 2, star: false }],
    players: [{ identity: hero(3), allies: [] }],
    defender: { kind: 'hero', player: 0 },
  },
  /** The same attack against a tough hero: 1 damage gets through DEF, so tough is spent instead. */
  'tough-spent': {
    ...base,
    attacker: villain(2),
    boostCards: [{ icons: 2, star: false }],
    players: [{ identity: hero(3, { tough: true }), allies: [] }],
    defender: { kind: 'hero', player: 0 },
  },
  /** ATK 3 and a blank boost card against DEF 3: nothing gets through, so tough stays. */
  'tough-kept': {
    ...base,
    attacker: villain(3),
    boostCards: [{ icons: 0, star: false }],
    players: [{ identity: hero(3, { tough: true }), allies: [] }],
    defender: { kind: 'hero', player: 0 },
  },
  /** A 5 ATK overkill attack defended by a 2 HP ally: 3 carry on to that player's hero. */
  'ally-overkill': {
    ...base,
    attacker: minion(5, { overkill: true }),
    boostCards: [],
    players: [{ identity: hero(2), allies: [ally(2)] }],
    defender: { kind: 'ally', player: 0, ally: 0 },
  },
  /** Without overkill the ally absorbs the whole attack, however large. */
  'ally-no-overkill': {
    ...base,
    attacker: minion(5),
    boostCards: [],
    players: [{ identity: hero(2), allies: [ally(2)] }],
    defender: { kind: 'ally', player: 0, ally: 0 },
  },
  /** A minion without villainous is dealt no boost card; the encounter deck's top card stays. */
  'minion-no-boost': {
    ...base,
    attacker: minion(2),
    boostCards: [{ icons: 2, star: false }],
    players: [{ identity: hero(1), allies: [] }],
    defender: { kind: 'none' },
  },
  /** A villainous minion is dealt a boost card like a villain. */
  'villainous-minion': {
    ...base,
    attacker: minion(1, { villainous: true }),
    boostCards: [{ icons: 1, star: false }],
    players: [{ identity: hero(1), allies: [] }],
    defender: { kind: 'none' },
  },
  /** A ★ card with no boost icons: its Boost ability resolves, ATK does not change. */
  'star-boost': {
    ...base,
    attacker: villain(2),
    boostCards: [{ icons: 0, star: true }],
    players: [{ identity: hero(2), allies: [] }],
    defender: { kind: 'none' },
  },
  /** One amplify icon in play turns a 1-icon boost card into +2 ATK. */
  amplify: {
    ...base,
    amplify: 1,
    attacker: villain(2),
    boostCards: [{ icons: 1, star: false }],
    players: [{ identity: hero(2), allies: [] }],
    defender: { kind: 'hero', player: 0 },
  },
  /** An effect gives a second boost card; both are flipped in the order dealt. */
  'extra-boost': {
    ...base,
    extraBoostCards: 1,
    attacker: villain(1),
    boostCards: [{ icons: 1, star: false }, { icons: 2, star: false }],
    players: [{ identity: hero(2), allies: [] }],
    defender: { kind: 'hero', player: 0 },
  },
  /** Player 2's ally defends an attack on player 1: player 2 becomes the target player. */
  'other-player-defends': {
    ...base,
    attacker: villain(2),
    boostCards: [{ icons: 1, star: false }],
    players: [
      { identity: hero(2), allies: [] },
      { identity: hero(3), allies: [ally(4)] },
    ],
    defender: { kind: 'ally', player: 1, ally: 0 },
  },
  /** An attack aimed at an ally, left undefended, with overkill: the excess reaches its controller. */
  'attack-on-ally': {
    ...base,
    attacker: minion(3, { overkill: true }),
    boostCards: [],
    players: [{ identity: hero(2), allies: [ally(1)] }],
    target: { player: 0, ally: 0 },
    defender: { kind: 'none' },
  },
  /** The attacked hero survives, so retaliate comes first, then forced and other "after" abilities. */
  'retaliate-and-after': {
    ...base,
    attacker: villain(2),
    boostCards: [{ icons: 1, star: false }],
    players: [{ identity: hero(2, { retaliate: 1 }), allies: [] }],
    defender: { kind: 'hero', player: 0 },
    after: [
      { name: 'A', forced: false, trigger: 'defends' },
      { name: 'B', forced: true, trigger: 'attacks' },
      { name: 'C', forced: false, trigger: 'defends-no-damage' },
    ],
  },
  /** Piercing discards the defending hero's tough before the 1 damage that gets through DEF. */
  piercing: {
    ...base,
    attacker: villain(2, { piercing: true }),
    boostCards: [{ icons: 2, star: false }],
    players: [{ identity: hero(3, { tough: true }), allies: [] }],
    defender: { kind: 'hero', player: 0 },
  },
  /** A ranged attack ignores retaliate: the hero survives, but the villain takes nothing back. */
  ranged: {
    ...base,
    attacker: villain(2, { ranged: true }),
    boostCards: [{ icons: 1, star: false }],
    players: [{ identity: hero(2, { retaliate: 1 }), allies: [] }],
    defender: { kind: 'hero', player: 0 },
  },
  /** A stunned villain does not attack: it removes its stunned card instead, and nothing after an attack triggers. */
  stunned: {
    ...base,
    attacker: villain(3, { stunned: 1 }),
    boostCards: [{ icons: 1, star: false }],
    players: [{ identity: hero(2), allies: [] }],
    defender: { kind: 'none' },
    after: [{ name: 'A', forced: true, trigger: 'attacks' }],
  },
  /**
   * A steady minion with one stunned and one confused card: neither is enough to stun or confuse it
   * with steady, and confused cancels no attack anyway; it attacks, and both cards stay.
   */
  'steady-statuses': {
    ...base,
    attacker: minion(2, { stunned: 1, confused: 1, steady: true }),
    boostCards: [],
    players: [{ identity: hero(1), allies: [] }],
    defender: { kind: 'hero', player: 0 },
  },
  /** The first player puts the forced abilities in order; here retaliate comes after B. */
  'forced-order': {
    ...base,
    attacker: villain(2),
    boostCards: [{ icons: 1, star: false }],
    players: [{ identity: hero(2, { retaliate: 1 }), allies: [] }],
    defender: { kind: 'hero', player: 0 },
    after: [{ name: 'B', forced: true, trigger: 'attacks' }, { name: 'C', forced: false, trigger: 'defends' }],
    retaliateAfter: 1,
  },
} satisfies Record<string, AttackScenario>;
