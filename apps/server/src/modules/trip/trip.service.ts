import {
  TRIP_MAX_DAYS,
  type Locale,
  type TripOption,
  type TripPlace,
  type TripPlanRequest,
  type TripPlanResponse,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { parseList } from '../../platform/columns';
import {
  destinationName,
  findGoods,
  findSpec,
  KNOWN_COUNTRIES,
  isKnownDestination,
  isRegion,
  plansOnSale,
  regionCountries,
  type PlanOnSale,
} from '../catalogue';
import { solveTrip, type SolveOptions, type TripAnswer, type TripCandidate } from './trip.solver';

const DAY_MS = 24 * 3600_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const placeOf = (code: string, locale: Locale): TripPlace => ({
  code,
  name: destinationName(code, locale),
});

/** The trip as days per country (0 = its first day), after the checks a buyer can fail. */
export function tripDays(req: TripPlanRequest, locale: Locale, today: number) {
  for (const leg of req.legs) {
    if (isRegion(leg.country) || !isKnownDestination(leg.country))
      fail('TRIP_COUNTRY_UNKNOWN', { country: leg.country });
    if (dayOf(leg.to) < dayOf(leg.from))
      fail('TRIP_DATES_REVERSED', { country: destinationName(leg.country, locale) });
  }
  const first = Math.min(...req.legs.map((l) => dayOf(l.from)));
  const last = Math.max(...req.legs.map((l) => dayOf(l.to)));
  if (last - first + 1 > TRIP_MAX_DAYS) fail('TRIP_TOO_LONG', { max: TRIP_MAX_DAYS });
  // a day of slack: "today" somewhere east of UTC is still yesterday here
  if (last < Math.floor(today / DAY_MS) - 1) fail('TRIP_IN_PAST');
  const days: Record<string, number[]> = {};
  for (const leg of req.legs) {
    const set = new Set(days[leg.country] ?? []);
    for (let d = dayOf(leg.from); d <= dayOf(leg.to); d += 1) set.add(d - first);
    days[leg.country] = [...set].sort((a, b) => a - b);
  }
  return { first, last, days };
}

/** The countries a destination code's plans cover (GLOBAL: every country the shop names, as its page says). */
const servedBy = (code: string) =>
  code === 'GLOBAL' ? KNOWN_COUNTRIES : isRegion(code) ? regionCountries(code) : [code];

/**
 * Whether a spec's plan covers a destination (a country, or every country of a region): the countries its
 * goods page lists, as the planner reads them. Null when its goods name no destinations (not a plan).
 */
export async function planCoverage(ctx: AppContext, specId: number) {
  const spec = await findSpec(ctx.db, specId);
  const goods = spec && (await findGoods(ctx.db, Number(spec.goods_id)));
  const codes = goods ? parseList(goods.destinations) : [];
  if (codes.length === 0) return null;
  const covered = new Set(codes.flatMap(servedBy));
  return (destination: string) => servedBy(destination).every((c) => covered.has(c));
}

const candidateOf = (p: PlanOnSale): TripCandidate => ({
  id: p.specId,
  kind: p.kind,
  codes: p.codes,
  validityDays: p.validityDays,
  dataMb: p.dataMb,
  allowance: p.allowance,
  price: p.price,
});

const OPTIONS: { kind: TripOption['kind']; opts: SolveOptions }[] = [
  { kind: 'cheapest', opts: {} },
  { kind: 'oneEsim', opts: { maxEsims: 1 } },
  { kind: 'unlimited', opts: { only: (c) => c.dataMb === null } },
];

/**
 * POST app/goods/trip/plan: the cheapest plans on sale covering every day in every country of a trip, and
 * beside it the cheapest with one eSIM to install and the cheapest with unlimited data (when they differ).
 */
export async function planTrip(
  ctx: AppContext,
  req: TripPlanRequest,
  locale: Locale,
  now = Date.now(),
): Promise<TripPlanResponse> {
  const { first, last, days } = tripDays(req, locale, now);
  const plans = await plansOnSale(ctx, locale);
  const bySpec = new Map(plans.map((p) => [p.specId, p]));
  const countries = Object.keys(days).sort();
  // destination code -> the trip's countries its plans serve: those its goods page lists as covered
  const coverage: Record<string, string[]> = {};
  for (const code of new Set(plans.flatMap((p) => p.codes)))
    coverage[code] = countries.filter((c) => servedBy(code).includes(c));
  const served = new Set(Object.values(coverage).flat());
  const uncovered = countries.filter((c) => !served.has(c));
  const needs = {
    days: Object.fromEntries(countries.filter((c) => served.has(c)).map((c) => [c, days[c]!])),
    coverage,
    mbPerDay: req.mbPerDay ?? null,
  };
  const candidates = plans.map(candidateOf);
  const seen = new Set<string>();
  const options: TripOption[] = [];
  for (const o of OPTIONS) {
    const answer = solveTrip(needs, candidates, o.opts);
    if (!answer || answer.items.length === 0) continue;
    const sig = answer.items.map((i) => `${i.candidate.id}@${i.from}`).join(',');
    if (seen.has(sig)) continue;
    seen.add(sig);
    options.push(toOption(o.kind, answer, first, bySpec, ctx.config.currency, locale));
  }
  options.sort((a, b) => a.total - b.total);
  return {
    from: isoOf(first),
    to: isoOf(last),
    days: last - first + 1,
    countries: countries.map((c) => placeOf(c, locale)),
    uncovered: uncovered.map((c) => placeOf(c, locale)),
    options,
  };
}

function toOption(
  kind: TripOption['kind'],
  answer: TripAnswer,
  first: number,
  bySpec: Map<number, PlanOnSale>,
  currency: string,
  locale: Locale,
): TripOption {
  return {
    kind,
    total: answer.total,
    currency,
    esimCount: answer.items.filter((i) => i.candidate.kind === 'esim').length,
    items: answer.items.map((i) => {
      const p = bySpec.get(i.candidate.id)!;
      return {
        kind: p.kind,
        goodsId: p.goodsId,
        specId: p.specId,
        title: p.title,
        specName: p.specName,
        price: p.price,
        dataMb: p.dataMb,
        allowance: p.allowance,
        validityDays: p.validityDays,
        from: isoOf(first + i.from),
        to: isoOf(first + i.to),
        countries: i.countries.map((c) => placeOf(c, locale)),
        onItem: i.baseItem,
      };
    }),
  };
}
