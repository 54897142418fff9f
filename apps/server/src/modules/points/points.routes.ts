import { envelope, ledgerPageRequest, ledgerPageResponse, pointsResponse } from '@simshop/contracts';
import { userIdOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import { defineRoutes } from '../../platform/router';
import { myPoints, pointsPage } from './points.service';

const tags = ['points'];
const auth = { auth: 'user' as const };

/** The caller's points: balance with the checkout rate, and the ledger. */
export const pointsRoutes = defineRoutes('app/user/points', (r, ctx) => {
  r.get('/my', { schema: { tags, response: { 200: envelope(pointsResponse) } }, config: auth }, async (req) =>
    ok(await myPoints(ctx, userIdOf(req))),
  );
  r.post(
    '/myTransaction',
    {
      schema: { tags, body: ledgerPageRequest, response: { 200: envelope(ledgerPageResponse) } },
      config: auth,
    },
    async (req) => ok(await pointsPage(ctx, userIdOf(req), req.body)),
  );
});
