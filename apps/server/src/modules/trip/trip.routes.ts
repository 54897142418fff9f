import {
  envelope,
  planCheckRequest,
  planCheckResponse,
  planLadderResponse,
  tripPlanRequest,
  tripPlanResponse,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { planTrip } from './trip.service';
import { checkPlan } from './trip-check.service';
import { planLadderList } from './plan-ladder.service';

const tags = ['catalogue'];

/** Plan by trip and the wrong-plan check (issue 27): read-only, open to visitors. */
export const tripRoutes = defineRoutes('app/goods/trip', (r, ctx) => {
  r.post(
    '/plan',
    {
      schema: {
        tags,
        description:
          'The cheapest plans on sale covering every day in every country of a trip, with the one-eSIM and unlimited alternatives.',
        body: tripPlanRequest,
        response: { 200: envelope(tripPlanResponse) },
      },
    },
    async (req) => ok(await planTrip(ctx, req.body, req.locale)),
  );
  r.get(
    '/check',
    {
      schema: {
        tags,
        description:
          "Before buying a plan: a country easily taken for another, the buyer's own country, a trip longer than the plan.",
        querystring: planCheckRequest,
        response: { 200: envelope(planCheckResponse) },
      },
      config: { auth: 'optional' },
    },
    async (req) => ok(await checkPlan(ctx, req.query, req.userId, req.locale)),
  );
});

/** Honest plans (issue 27): price ladders that make no sense, for the catalogue operators. */
export const adminPlanLadderRoutes = defineRoutes('admin/goods/planLadder', (r, ctx) => {
  r.get(
    '/list',
    {
      schema: {
        tags: ['admin'],
        description:
          'Plan specs dearer than another of the same goods that gives as many days and as much data or more.',
        response: { 200: envelope(planLadderResponse) },
      },
      config: { auth: 'admin' },
    },
    async (req) => ok(await planLadderList(ctx, req.locale)),
  );
});
