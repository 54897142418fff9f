import type { Config } from '../../config';

/** Minor units per major unit of the shop currency (TWD, CNY: 100). */
const MINOR = 100;

/**
 * The points discount: how many of `points` may go to an order and what they take off, at the configured rate
 * (`perUnit` points per major unit) and cap (`maxPercent` of `total`, never more than `due`). The one rule for
 * both the checkout quote and the pay step (`usePoint`), so what the quote shows is what the pay step takes.
 */
export function pointsQuote(
  cfg: Pick<Config['points'], 'perUnit' | 'maxPercent'>,
  due: number,
  total: number,
  points: number,
) {
  const { perUnit, maxPercent } = cfg;
  const capMinor = Math.max(0, Math.min(due, Math.floor((total * maxPercent) / 100)));
  // whole points only; each point is worth MINOR / perUnit minor units
  const pointsForCap = Math.floor((capMinor * perUnit) / MINOR);
  const usable = Math.max(0, Math.min(points, pointsForCap));
  const discount = Math.floor((usable * MINOR) / perUnit);
  return { usablePoints: usable, discount };
}
