// Worked examples for the Lorcana challenge widget (seed 004). What the seed states: Shenzi's
// printed strength is 0 and she gets +3 at a location; Rafiki takes no damage when he challenges a
// Hyena; Marshmallow deals 5 to Cheshire Cat, which is banished, whose ability banishes the
// challenger, whose own ability then returns it to hand; a location has willpower but no strength.
// Every other number (all willpowers, Rafiki's and Marshmallow's other stats, Cheshire Cat's
// strength, the generic cards A and B) is an assumption made for the example, not a card's stats.
import type { ChallengeScenario } from './schema';

type Character = ChallengeScenario['challenger'];

const character = (name: string, strength: number, willpower: number, extra: Partial<Character> = {}): Character => ({
  name,
  strength,
  willpower,
  damage: 0,
  resist: 0,
  strengthMods: [],
  challenger: 0,
  noDamageFromChallenge: false,
  damageMods: [],
  exerted: false,
  onDamage: [],
  onBanished: [],
  onDeals: [],
  ...extra,
});
const takes = (name: string) => [{ name, wording: 'takes' as const }];
const exerted = (c: Character): Extract<ChallengeScenario['defender'], { kind: 'character' }> => ({
  kind: 'character',
  ...c,
  exerted: true,
});

export const CHALLENGE_PRESETS = {
  /** Example C: Shenzi's +3 counts, but Rafiki's ability, resolved before damage, keeps him unharmed. */
  'rafiki-shenzi': {
    challenger: character('Rafiki', 3, 3, { noDamageFromChallenge: true }),
    defender: exerted(character('Shenzi', 0, 4, { strengthMods: [3] })),
    others: [],
    replacements: [],
  },
  /** Example B: both banishments happen during the challenge, so Marshmallow's ability triggers. */
  'marshmallow-cheshire': {
    challenger: character('Marshmallow', 5, 5, {
      onBanished: [{ name: 'Marshmallow', when: 'in-challenge', effect: 'return-to-hand' }],
    }),
    defender: exerted(
      character('Cheshire Cat', 0, 3, {
        onBanished: [{ name: 'Cheshire Cat', when: 'challenged', effect: 'banish-challenger' }],
      }),
    ),
    others: [],
    replacements: [],
  },
  /** A location is dealt damage but deals none back. */
  location: {
    challenger: character('A', 2, 3),
    defender: { kind: 'location', name: "Seven Dwarfs' Mine", willpower: 3, damage: 1, resist: 0, onDamage: [], onBanished: [] },
    others: [],
    replacements: [],
  },
  /** Challenger +2 is a strength change, added before the total is clamped; negative counts as 0. */
  'challenger-negative': {
    challenger: character('A', 1, 3, { challenger: 2, strengthMods: [-4] }),
    defender: exerted(character('B', 2, 3, { strengthMods: [-3], resist: 1 })),
    others: [],
    replacements: [],
  },
  /** Resist lowers the challenge damage dealt to B; B still takes 1 and its ability triggers. */
  resist: {
    challenger: character('A', 3, 4),
    defender: exerted(character('B', 2, 4, { resist: 2, onDamage: takes('B') })),
    others: [],
    replacements: [],
  },
  /** Beast turns the damage dealt to Flounder into counters put on himself; his Resist cannot help. */
  'beast-protects': {
    challenger: character('A', 3, 4),
    defender: exerted(character('Flounder', 1, 2, { onDamage: takes('Flounder') })),
    others: [
      { name: 'Beast', owner: 'opponent', willpower: 4, damage: 0, resist: 1, onDamage: takes('Beast'), onBanished: [] },
    ],
    replacements: [
      { name: 'Beast', self: false, appliesTo: 'Flounder', effect: { type: 'redirect-put', to: 'Beast' } },
    ],
  },
  /**
   * Resist counts before the replacement (4.6.6.1, then 4.6.6.2): 3 − 1 = 2 reaches Beast's effect,
   * which puts 2 counters on Beast instead.
   */
  'resist-then-beast': {
    challenger: character('A', 3, 4),
    defender: exerted(character('Flounder', 1, 2, { resist: 1, onDamage: takes('Flounder') })),
    others: [
      { name: 'Beast', owner: 'opponent', willpower: 4, damage: 0, resist: 0, onDamage: takes('Beast'), onBanished: [] },
    ],
    replacements: [
      { name: 'Beast', self: false, appliesTo: 'Flounder', effect: { type: 'redirect-put', to: 'Beast' } },
    ],
  },
  /**
   * Both characters have a "whenever this character deals damage" ability. Flounder's 1 is dealt to
   * A, so Flounder's triggers; A's damage became counters put on Beast, so A dealt none.
   */
  'deals-replaced': {
    challenger: character('A', 3, 4, { onDeals: ['A'] }),
    defender: exerted(character('Flounder', 1, 2, { onDeals: ['Flounder'] })),
    others: [
      { name: 'Beast', owner: 'opponent', willpower: 4, damage: 0, resist: 0, onDamage: [], onBanished: [] },
    ],
    replacements: [
      { name: 'Beast', self: false, appliesTo: 'Flounder', effect: { type: 'redirect-put', to: 'Beast' } },
    ],
  },
  /**
   * Resist +3 brings A's 3 damage to Flounder down to 0. Flounder takes none, but A still counts as
   * having dealt damage (1.9.5), so A's "deals damage" ability triggers, and so does Flounder's.
   */
  'deals-reduced-to-zero': {
    challenger: character('A', 3, 4, { onDeals: ['A'] }),
    defender: exerted(character('Flounder', 1, 2, { resist: 3, onDamage: takes('Flounder'), onDeals: ['Flounder'] })),
    others: [],
    replacements: [],
  },
} satisfies Record<string, ChallengeScenario>;
