// Which document a file is, from its first pages: so a Magic file given to the Lorcana importer stops
// with "this looks like the Magic Comprehensive Rules, not Lorcana's" instead of importing garbage.
import type { GameId } from './game';

export const DOCUMENT_NAMES: Record<GameId, string> = {
  mtg: 'the Magic Comprehensive Rules',
  lorcana: 'the Disney Lorcana Comprehensive Rules',
  'marvel-champions': 'the Marvel Champions Rules Reference',
};

/** Scores each game by what its documents print; the best-scoring game wins if it scores at all. */
export function identify(text: string): GameId | undefined {
  const head = text.slice(0, 60_000);
  const count = (re: RegExp) => head.match(re)?.length ?? 0;
  const scores: Record<GameId, number> = {
    mtg: count(/Magic: The Gathering|マジック[：:]\s?ザ・ギャザリング|マジック総合ルール|Wizards of the Coast/gi) * 5
      + count(/(?:^|\s)\d{3}\.\d+[a-z]{0,2}\.?\s/gm),
    lorcana: count(/Lorcana|ロルカナ|Ravensburger/gi) * 5 + count(/(?:^|\s)\d{1,2}\.\d{1,2}\.\d{1,2}\.(?:\d{1,2}\.)?\s/gm),
    'marvel-champions': count(/Marvel Champions|MARVEL CHAMPIONS|マーベル\s?チャンピオンズ/gi) * 5 + count(/Rules Reference|villain phase|encounter deck/gi),
  };
  const [best, score] = (Object.entries(scores) as [GameId, number][]).sort((a, b) => b[1] - a[1])[0]!;
  return score >= 5 ? best : undefined;
}
