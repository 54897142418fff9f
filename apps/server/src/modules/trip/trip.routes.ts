import {
  planCheckRequest,
  planCheckResponse,
  planLadderResponse,
  tripPlanRequest,
  tripPlanResponse,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { planTrip } from './trip.service';
import { checkPlan } from './trip-check.service';
import { planLadderList } from './plan-ladder.service';

const tags = ['catalogue'];

/** Plan by trip and the wrong-plan check (issue 27): read-only, open to visitors. */
export const tripRoutes = defineRoutes('app/goods/trip', (r, ctx) => {
  const c = calls(r, { tags });
  c.post(
    '/plan',
    {
      description:
        'The cheapest plans on sale covering every day in every country of a trip, with the one-eSIM and unlimited alternatives.',
      body: tripPlanRequest,
      data: tripPlanResponse,
    },
    (req) => planTrip(ctx, req.body, req.locale),
  );
  c.get(
    '/check',
    {
      description:
        "Before buying a plan: a country easily taken for another, the buyer's own country, a trip longer than the plan.",
      query: planCheckRequest,
      data: planCheckResponse,
      auth: 'optional',
    },
    (req) => checkPlan(ctx, req.query, req.userId, req.locale),
  );
});

/** Honest plans (issue 27): price ladders that make no sense, for the catalogue operators. */
export const adminPlanLadderRoutes = defineRoutes('admin/goods/planLadder', (r, ctx) => {
  const c = calls(r, { tags: ['admin'], auth: 'admin' });
  c.get(
    '/list',
    {
      description:
        'Plan specs dearer than another of the same goods that gives as many days and as much data or more.',
      data: planLadderResponse,
      permission: 'catalogue.read',
    },
    (req) => planLadderList(ctx, req.locale),
  );
});
