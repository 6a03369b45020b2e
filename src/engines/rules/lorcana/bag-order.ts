// Lorcana 7.7: the active player picks among their own abilities in the bag; only when they have
// none does the next player in turn order pick, and so on. Any ability added for the active player
// while others resolve puts the choice back in their hands, which this rule gives for free since
// it is asked again after every resolution.
export function nextChooser<P>(bag: readonly { readonly player: P }[], turnOrder: readonly P[]): P | undefined {
  return turnOrder.find((p) => bag.some((b) => b.player === p));
}
