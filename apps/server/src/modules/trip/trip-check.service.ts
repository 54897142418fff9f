import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Locale, PlanCheckRequest, PlanCheckResponse, PlanWarning } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { parseList } from '../../platform/columns';
import { findGoods, findSpec, isRegion } from '../catalogue';
import { getPerson } from '../user-info';
import { placeOf } from './trip.service';

/**
 * Countries buyers take for another (issue 27: the wrong country is the most common complaint of eSIM stores):
 * names one letter apart in English or sharing a first character in Chinese (奥地利 / 澳大利亚), or a country
 * named like a US state (Georgia). Each side of a pair is listed.
 */
const CONFUSED_WITH: Record<string, string[]> = {
  AT: ['AU'],
  AU: ['AT'],
  NE: ['NG'],
  NG: ['NE'],
  DM: ['DO'],
  DO: ['DM'],
  // Georgia the country, not the US state
  GE: ['US'],
  SK: ['SI'],
  SI: ['SK'],
  SE: ['CH'],
  CH: ['SE'],
  IR: ['IQ'],
  IQ: ['IR'],
  CG: ['CD'],
  CD: ['CG'],
  GN: ['GQ', 'GW'],
  GQ: ['GN', 'GW'],
  GW: ['GN', 'GQ'],
  IS: ['IE'],
  IE: ['IS'],
  LV: ['LT'],
  LT: ['LV'],
  MR: ['MU'],
  MU: ['MR'],
};
export const confusedWith = (code: string): string[] => CONFUSED_WITH[code] ?? [];

const DAY_MS = 24 * 3600_000;
const tripLength = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The country of a buyer's phone number (E.164), if it has one. */
async function homeCountry(ctx: AppContext, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const phone = (await getPerson(ctx, userId)).phone;
  return (phone && parsePhoneNumberFromString(phone)?.country) || null;
}

/**
 * GET app/goods/trip/check: what suggests a plan is the wrong one before it is bought: a country easily taken
 * for another, the buyer's own country (from their phone number), a trip longer than the plan lasts. The
 * shop asks the buyer to confirm each; nothing is refused.
 */
export async function checkPlan(
  ctx: AppContext,
  req: PlanCheckRequest,
  userId: number | null,
  locale: Locale,
): Promise<PlanCheckResponse> {
  const goods = await findGoods(ctx.db, req.goodsId);
  if (!goods) return fail('NOT_FOUND');
  const countries = parseList(goods.destinations).filter((c) => !isRegion(c));
  const warnings: PlanWarning[] = [];
  for (const c of countries) {
    const others = confusedWith(c);
    if (others.length > 0)
      warnings.push({
        kind: 'confusable',
        country: placeOf(c, locale),
        otherwise: others.map((o) => placeOf(o, locale)),
      });
  }
  const home = await homeCountry(ctx, userId);
  if (home && countries.includes(home)) warnings.push({ kind: 'home', country: placeOf(home, locale) });
  if (req.specId !== undefined && req.from && req.to) {
    const spec = await findSpec(ctx.db, req.specId);
    if (!spec || Number(spec.goods_id) !== req.goodsId) return fail('NOT_FOUND');
    const tripDays = tripLength(req.from, req.to);
    const validityDays = spec.validity_days === null ? null : Number(spec.validity_days);
    if (validityDays !== null && tripDays > validityDays)
      warnings.push({ kind: 'validity', tripDays, validityDays });
  }
  return { warnings };
}
