import { queryOptions } from '@tanstack/react-query';
import type { PlanCheckRequest, TripPlanRequest } from '@simshop/contracts';
import { api } from '../../../lib/api/client';

const STALE_MS = 60_000;

/** The cheapest plans for a trip, and the alternatives (answers in the UI language). */
export const tripPlanQuery = (lang: string, req: TripPlanRequest | null) =>
  queryOptions({
    queryKey: ['trip', lang, 'plan', req] as const,
    queryFn: ({ signal }) => api.post('app/goods/trip/plan', { body: req!, signal }),
    enabled: req !== null,
    staleTime: STALE_MS,
    retry: false,
  });

/** Every destination on sale (countries and regions with the countries they cover): the planner's choices. */
export const tripDestinationsQuery = (lang: string) =>
  queryOptions({
    queryKey: ['trip', lang, 'destinations'] as const,
    queryFn: ({ signal }) => api.get('app/goods/destinations', { query: { limit: 300 }, signal }),
    staleTime: STALE_MS,
  });

/** Before buying: what suggests the plan is the wrong one (never cached: it depends on the buyer). */
export const planCheckQuery = (lang: string, req: PlanCheckRequest) =>
  queryOptions({
    queryKey: ['trip', lang, 'check', req] as const,
    queryFn: ({ signal }) =>
      api.get('app/goods/trip/check', {
        query: {
          goodsId: req.goodsId,
          ...(req.specId ? { specId: req.specId } : {}),
          ...(req.from && req.to ? { from: req.from, to: req.to } : {}),
        },
        signal,
      }),
    staleTime: 0,
    // the check must not hold the purchase up: one try, and an unanswered check lets the buyer go on
    retry: false,
  });
