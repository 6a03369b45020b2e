// Lorcana 7.7.4 (Comprehensive Rules v2.3.0, as in v2.0.1): the active player resolves their
// abilities from the bag first (7.7.4.2), one at a time in the order they choose; a player who has
// just resolved one goes on while they still have abilities in the bag (7.7.4.3), and only then
// does the bag pass to the next player in turn order who has any (7.7.4.4), round the table until
// the bag is empty (7.7.4.5). An ability added for a player other than the one resolving waits for
// that player's turn to resolve (7.7.6); one added for the resolving player can be chosen next
// (7.7.5).
export function nextChooser<P>(bag: readonly { readonly player: P }[], turnOrder: readonly P[], current?: P): P | undefined {
  const has = (p: P) => bag.some((b) => b.player === p);
  if (current !== undefined && has(current)) return current;
  const start = current === undefined ? 0 : turnOrder.indexOf(current) + 1;
  for (let k = 0; k < turnOrder.length; k++) {
    const p = turnOrder[(start + k) % turnOrder.length]!;
    if (has(p)) return p;
  }
  return undefined;
}
