import { TRIP_DAILY_USES, TRIP_MAX_LEGS, type TripLeg, type TripPlanRequest } from '@simshop/contracts';

export const TRIP_PLANNER_PATH = '/pages/goods/trip';

const LEG = /^([A-Z]{2}):(\d{4}-\d{2}-\d{2}):(\d{4}-\d{2}-\d{2})$/;

/** A trip in the address (`?legs=JP:2026-12-01:2026-12-07,KR:...&use=1024`), so a plan can be shared and reopened. */
export function tripFromSearch(params: URLSearchParams): TripPlanRequest | null {
  const legs: TripLeg[] = (params.get('legs') ?? '')
    .split(',')
    .map((s) => LEG.exec(s))
    .filter((m): m is RegExpExecArray => m !== null)
    .slice(0, TRIP_MAX_LEGS)
    .map(([, country, from, to]) => ({ country: country!, from: from!, to: to! }));
  if (legs.length === 0) return null;
  const use = Number(params.get('use'));
  return { legs, mbPerDay: (TRIP_DAILY_USES as readonly number[]).includes(use) ? use : null };
}

export function tripToSearch(req: TripPlanRequest): URLSearchParams {
  const p = new URLSearchParams({ legs: req.legs.map((l) => `${l.country}:${l.from}:${l.to}`).join(',') });
  if (req.mbPerDay) p.set('use', String(req.mbPerDay));
  return p;
}

export const tripPlannerPath = (req?: TripPlanRequest) =>
  req ? `${TRIP_PLANNER_PATH}?${tripToSearch(req).toString()}` : TRIP_PLANNER_PATH;

/** The plan page of one proposed plan, with the days it is for (the wrong-plan check compares them). */
export const planPagePath = (goodsId: number, specId: number, from: string, to: string) =>
  `/pages/goods/detail?id=${goodsId}&specId=${specId}&from=${from}&to=${to}`;

/** A calendar day `days` from today, in the traveller's own time zone. */
export function localDay(days = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
