import { ledgerPageRequest, ledgerPageResponse, pointsResponse } from '@simshop/contracts';
import { userIdOf } from '../../platform/auth';
import { calls, defineRoutes } from '../../platform/router';
import { myPoints, pointsPage } from './points.service';

const tags = ['points'];

/** The caller's points: balance with the checkout rate, and the ledger. */
export const pointsRoutes = defineRoutes('app/user/points', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.get('/my', { data: pointsResponse }, (req) => myPoints(ctx, userIdOf(req)));
  c.post('/myTransaction', { body: ledgerPageRequest, data: ledgerPageResponse }, (req) =>
    pointsPage(ctx, userIdOf(req), req.body),
  );
});
