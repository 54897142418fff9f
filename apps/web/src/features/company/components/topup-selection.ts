/** The cards a bulk top-up may take (not expired, with a top-up on sale for them). */
export type TopUpCard = { iccid: string; canTopUp: boolean; topUpGoodsId: number | null };

/** Adds or removes one card of the selection (only cards that can take a top-up). */
export function toggleCard(selected: ReadonlySet<string>, card: TopUpCard): Set<string> {
  const next = new Set(selected);
  if (next.has(card.iccid)) next.delete(card.iccid);
  else if (card.canTopUp) next.add(card.iccid);
  return next;
}

/** Every card that can take a top-up, or none when they all are selected already. */
export function toggleAll(selected: ReadonlySet<string>, cards: readonly TopUpCard[]): Set<string> {
  const open = cards.filter((c) => c.canTopUp).map((c) => c.iccid);
  return open.length > 0 && open.every((i) => selected.has(i)) ? new Set() : new Set(open);
}

/** The top-up goods offered for the selection: the first selected card's (null: nothing selected). */
export function topUpGoodsOf(selected: ReadonlySet<string>, cards: readonly TopUpCard[]): number | null {
  return cards.find((c) => selected.has(c.iccid) && c.topUpGoodsId !== null)?.topUpGoodsId ?? null;
}
