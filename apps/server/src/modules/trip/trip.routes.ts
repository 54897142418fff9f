import {
  envelope,
  planCheckRequest,
  planCheckResponse,
  tripPlanRequest,
  tripPlanResponse,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { planTrip } from './trip.service';
import { checkPlan } from './trip-check.service';

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
