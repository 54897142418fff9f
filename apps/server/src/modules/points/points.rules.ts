import { floorToStep } from '@simshop/contracts';
import type { Config } from '../../config';

/**
 * The points discount: how many of `points` may go to an order and what they take off, at the configured rate
 * (`perUnit` points per major unit) and cap (`maxPercent` of `total`, never more than `due`). The one rule for
 * both the checkout quote and the pay step (`usePoint`), so what the quote shows is what the pay step takes.
 *
 * Only chargeable amounts (issue 25, defect 8; contracts `chargeStep`): the discount is a whole number of the
 * currency's charge steps (TWD: whole dollars), the largest the cap and the balance allow, rounded DOWN; the
 * points taken are the fewest whole points worth at least that discount (TWD at 10 points a dollar: exactly
 * 10 points per dollar off). So what is left to pay stays chargeable, and points never buy part of a step.
 */
export function pointsQuote(
  cfg: Pick<Config['points'], 'perUnit' | 'maxPercent' | 'step' | 'minorPerMajor'>,
  due: number,
  total: number,
  points: number,
) {
  const { perUnit, maxPercent, step, minorPerMajor } = cfg;
  const capMinor = Math.max(0, Math.min(due, Math.floor((total * maxPercent) / 100)));
  // what the whole balance is worth (minor units), then the discount in whole steps within the cap
  const worth = Math.floor((Math.max(0, points) * minorPerMajor) / perUnit);
  const discount = floorToStep(Math.min(capMinor, worth), step);
  // the fewest whole points worth the discount (never more than the balance: discount <= worth)
  const usable = Math.ceil((discount * perUnit) / minorPerMajor);
  return { usablePoints: usable, discount };
}
