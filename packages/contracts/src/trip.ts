import { z } from 'zod';
import { TRIP_MAX_LEGS } from './constants';

// Plan by trip and "never the wrong plan" (issue 27).

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      params: { rule: 'day' },
    },
  )
  .describe('a calendar day, YYYY-MM-DD');

/** One stop of a trip: a country and the days there (both inclusive). */
export const tripLeg = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .describe('ISO 3166-1 alpha-2 code'),
  from: isoDay,
  to: isoDay,
});
export type TripLeg = z.infer<typeof tripLeg>;

export const tripPlanRequest = z.object({
  legs: z.array(tripLeg).min(1).max(TRIP_MAX_LEGS),
  mbPerDay: z
    .number()
    .int()
    .min(1)
    .max(102400)
    .nullable()
    .optional()
    .describe('data used per day in MB; absent or null: only the days count'),
});
export type TripPlanRequest = z.infer<typeof tripPlanRequest>;

export const tripPlace = z.object({ code: z.string(), name: z.string() });
export type TripPlace = z.infer<typeof tripPlace>;

/** One plan of a proposal: what to buy, when it runs and where. */
export const tripPlanItem = z.object({
  kind: z.enum(['esim', 'topup']),
  goodsId: z.number().int(),
  specId: z.number().int(),
  title: z.string(),
  specName: z.string(),
  price: z.number().int(),
  dataMb: z.number().int().nullable(),
  allowance: z.enum(['total', 'daily']).nullable(),
  validityDays: z.number().int(),
  from: z.string().describe('first day used, YYYY-MM-DD'),
  to: z.string().describe('last day used on this trip, YYYY-MM-DD'),
  countries: z.array(tripPlace),
  /** For a top-up: the index in `items` of the eSIM it is added to. */
  onItem: z.number().int().nullable(),
});
export type TripPlanItem = z.infer<typeof tripPlanItem>;

/** A proposal: 'cheapest' overall, 'oneEsim' (a single eSIM to install, with its top-ups), 'unlimited'. */
export const tripOption = z.object({
  kind: z.enum(['cheapest', 'oneEsim', 'unlimited']),
  total: z.number().int(),
  currency: z.string(),
  esimCount: z.number().int(),
  items: z.array(tripPlanItem),
});
export type TripOption = z.infer<typeof tripOption>;

export const tripPlanResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  countries: z.array(tripPlace),
  /** Countries no plan on sale covers: proposals leave them out. */
  uncovered: z.array(tripPlace),
  /** Cheapest first; options that would repeat another are left out. */
  options: z.array(tripOption),
});
export type TripPlanResponse = z.infer<typeof tripPlanResponse>;

/** Before buying a plan: anything that suggests it is the wrong one. */
export const planCheckRequest = z.object({
  goodsId: z.coerce.number().int().positive(),
  specId: z.coerce.number().int().positive().optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type PlanCheckRequest = z.infer<typeof planCheckRequest>;

export const planWarning = z.discriminatedUnion('kind', [
  /** The plan's country is easily taken for another one (Austria / Australia). */
  z.object({ kind: z.literal('confusable'), country: tripPlace, otherwise: z.array(tripPlace) }),
  /** The plan's country is the buyer's own (from their phone number). */
  z.object({ kind: z.literal('home'), country: tripPlace }),
  /** The trip is longer than the plan lasts. */
  z.object({ kind: z.literal('validity'), tripDays: z.number().int(), validityDays: z.number().int() }),
]);
export type PlanWarning = z.infer<typeof planWarning>;
export const planCheckResponse = z.object({ warnings: z.array(planWarning) });
export type PlanCheckResponse = z.infer<typeof planCheckResponse>;

/** Honest plans: a spec dearer than another of the same goods that gives as much or more (operators). */
export const planLadderSpec = z.object({
  specId: z.number().int(),
  name: z.string(),
  price: z.number().int(),
});
export const planLadderIssue = z.object({
  goodsId: z.number().int(),
  title: z.string(),
  onSale: z.boolean(),
  dearer: planLadderSpec,
  better: planLadderSpec,
  more: z.enum(['days', 'data', 'both']).describe('what the cheaper spec gives more of'),
});
export type PlanLadderIssue = z.infer<typeof planLadderIssue>;
export const planLadderResponse = z.array(planLadderIssue);
