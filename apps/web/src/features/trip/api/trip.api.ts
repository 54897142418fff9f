import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { TRIP_DESTINATIONS_LIMIT, type PlanCheckRequest, type TripPlanRequest } from '@simshop/contracts';
import { api } from '../../../lib/api/client';
import { seedFromFirstScreen } from '../../../lib/first-screen';

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

/** What the planner asks the destinations for (the server writes the answer into the page it serves). */
const destinationsInput = { limit: TRIP_DESTINATIONS_LIMIT };

/** Every destination on sale (countries and regions with the countries they cover): the planner's choices. */
export const tripDestinationsQuery = (lang: string) =>
  queryOptions({
    queryKey: ['trip', lang, 'destinations'] as const,
    queryFn: ({ signal }) => api.get('app/goods/destinations', { query: destinationsInput, signal }),
    staleTime: STALE_MS,
  });

/**
 * Opened first (the planner, the landing page): the destinations from the page the server served, else
 * asked for at once, while the app loads its language. A failure is left to the page.
 */
export async function prefetchTripDestinations(client: QueryClient, lang: string) {
  const query = tripDestinationsQuery(lang);
  seedFromFirstScreen(client, query.queryKey, 'GET app/goods/destinations', destinationsInput, lang);
  await client.prefetchQuery(query);
}

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
