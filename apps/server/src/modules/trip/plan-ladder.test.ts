import { describe, expect, it } from 'vitest';
import { ladderIssues, type LadderSpec } from './plan-ladder';

let id = 0;
const spec = (
  dataMb: number | null,
  allowance: LadderSpec['allowance'],
  validityDays: number,
  price: number,
) => ({
  specId: (id += 1),
  name: `${dataMb ?? '∞'}/${validityDays}`,
  dataMb,
  allowance,
  validityDays,
  price,
});

describe('price ladders that make no sense', () => {
  it('flags a 5-day unlimited plan dearer than the 7-day one', () => {
    const five = spec(null, 'daily', 5, 599);
    const seven = spec(null, 'daily', 7, 499);
    expect(ladderIssues([five, seven])).toEqual([{ dearer: five, better: seven, more: 'days' }]);
  });

  it('flags 8 GB / 8 days dearer than 10 GB / 8 days', () => {
    const eight = spec(8192, 'total', 8, 399);
    const ten = spec(10240, 'total', 8, 349);
    expect(ladderIssues([ten, eight])).toEqual([{ dearer: eight, better: ten, more: 'data' }]);
  });

  it('leaves a sensible ladder alone, and plans that cannot be compared', () => {
    expect(
      ladderIssues([
        spec(1024, 'total', 7, 129),
        spec(5120, 'total', 15, 299),
        spec(20480, 'total', 30, 699),
        spec(null, 'daily', 7, 499),
        // 2 GB a day for 5 days against 20 GB for 30: not comparable
        spec(2048, 'daily', 5, 399),
      ]),
    ).toEqual([]);
  });

  it('reports each dearer plan once, against the cheapest better one', () => {
    const dear = spec(1024, 'total', 7, 300);
    const a = spec(2048, 'total', 7, 250);
    const b = spec(2048, 'total', 10, 200);
    expect(ladderIssues([dear, a, b])).toEqual([
      { dearer: dear, better: b, more: 'both' },
      { dearer: a, better: b, more: 'days' },
    ]);
  });
});
