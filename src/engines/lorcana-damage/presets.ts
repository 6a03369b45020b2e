// Worked examples for the damage-effect widget (seed 004 §01 and §05).
import type { Player } from '../rules/lorcana/model';
import type { DamageEventScenario } from './schema';

const card = (name: string, owner: Player, willpower: number, extra: Partial<DamageEventScenario['cards'][number]> = {}) => ({
  name, owner, willpower, damage: 0, resist: 0, onDamage: [], onBanished: [], ...extra,
});

// Willpower values here are assumptions chosen for the examples; the seed gives none of them.
const flounder = card('Flounder', 'opponent', 2, { onDamage: [{ name: 'Flounder', wording: 'takes' }] });
const beast = card('Beast', 'opponent', 4, { onDamage: [{ name: 'Beast', wording: 'takes' }] });
const mine = {
  source: "Seven Dwarfs' Mine",
  verb: 'deal',
  amount: 1,
  target: 'Flounder',
  replacements: [
    // the moved character (Sleepy) is a Knight, so the Mine's own "2 instead of 1" applies
    { name: "Seven Dwarfs' Mine", self: true, effect: { type: 'set-amount', amount: 2 } },
    { name: 'Beast', self: false, appliesTo: 'Flounder', effect: { type: 'redirect-put', to: 'Beast' } },
  ],
} as const satisfies Partial<DamageEventScenario>;
const resistant = card('A', 'opponent', 5, { resist: 2, onDamage: [{ name: 'A', wording: 'takes' }] });

export const DAMAGE_EVENT_PRESETS = {
  /** 1 → 2 (self-replacement, the mover is a Knight) → 2 counters put on Beast instead of Flounder. */
  'mine-beast-flounder': { ...mine, replacements: [...mine.replacements], cards: [flounder, beast] },
  /** Same, with Resist +2 on Beast: the counters are put, not dealt, so all 2 land. */
  'mine-beast-resist': {
    ...mine,
    replacements: [...mine.replacements],
    cards: [flounder, { ...beast, resist: 2 }],
  },
  /** Resist +2 against 2 damage dealt: nothing is placed, so "takes damage" does not trigger. */
  'resist-deal': { verb: 'deal', amount: 2, target: 'A', cards: [resistant], replacements: [] },
  /** The same 2 put on the card: Resist does not apply, the card takes damage and its ability triggers. */
  'resist-put': { verb: 'put', amount: 2, target: 'A', cards: [resistant], replacements: [] },
  /** Moving damage ignores Resist too; the receiving card takes damage. */
  move: {
    verb: 'move',
    amount: 2,
    from: 'B',
    target: 'A',
    cards: [resistant, card('B', 'active', 4, { damage: 3 })],
    replacements: [],
  },
  /**
   * The damage is calculated first, Flounder's Resist included (6.7.2.2), and Beast's replacement
   * then applies to what is left (6.7.2.3): 2 − 1 = 1 counter put on Beast. (Comprehensive Rules
   * v2.0.1 applied replacements first, which gave Beast all 2.)
   */
  'resist-before-beast': {
    verb: 'deal',
    amount: 2,
    target: 'Flounder',
    cards: [{ ...flounder, resist: 1 }, beast],
    replacements: [{ name: 'Beast', self: false, appliesTo: 'Flounder', effect: { type: 'redirect-put', to: 'Beast' } }],
  },
  /**
   * The Mine's example with Resist +1 on Flounder: 1 − 1 = 0; the self-replacement makes it 2, which
   * Resist reduces to 1 (the reading of damage.ts, 要確認); Beast then puts that 1 on himself.
   */
  'mine-flounder-resist': {
    ...mine,
    replacements: [...mine.replacements],
    cards: [{ ...flounder, resist: 1 }, beast],
  },
  /** A card printed "whenever this is damaged" reads as "takes damage" (the glossary), so put counters set it off. */
  'dealt-wording-put': {
    verb: 'put',
    amount: 2,
    target: 'A',
    cards: [card('A', 'opponent', 5, { onDamage: [{ name: 'A', wording: 'dealt' }] })],
    replacements: [],
  },
} satisfies Record<string, DamageEventScenario>;

