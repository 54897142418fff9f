import { describe, expect, it } from 'vitest';
import { toggleAll, toggleCard, topUpGoodsOf, type TopUpCard } from './topup-selection';

const cards: TopUpCard[] = [
  { iccid: 'A', canTopUp: true, topUpGoodsId: 7 },
  { iccid: 'B', canTopUp: false, topUpGoodsId: null },
  { iccid: 'C', canTopUp: true, topUpGoodsId: 7 },
];
const byId = (id: string): TopUpCard =>
  cards.find((c) => c.iccid === id) ?? { iccid: id, canTopUp: false, topUpGoodsId: null };

describe('bulk top-up selection', () => {
  it('adds and removes a card, never one that cannot take a top-up', () => {
    let s = toggleCard(new Set(), byId('A'));
    expect([...s]).toEqual(['A']);
    s = toggleCard(s, byId('B'));
    expect([...s]).toEqual(['A']);
    s = toggleCard(s, byId('A'));
    expect([...s]).toEqual([]);
  });

  it('selects every card that can take a top-up, then none', () => {
    const all = toggleAll(new Set(['A']), cards);
    expect([...all].sort()).toEqual(['A', 'C']);
    expect([...toggleAll(all, cards)]).toEqual([]);
  });

  it("offers the selected cards' top-up goods, none without a selection", () => {
    expect(topUpGoodsOf(new Set(), cards)).toBeNull();
    expect(topUpGoodsOf(new Set(['C']), cards)).toBe(7);
  });
});
