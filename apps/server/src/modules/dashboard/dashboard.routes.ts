import { adminDashboardSummary, envelope } from '@simshop/contracts';
import { ok } from '../../platform/http';
import { defineRoutes } from '../../platform/router';
import { dashboardSummary } from './dashboard.service';

/** The console dashboard (every role). */
export const adminDashboardRoutes = defineRoutes('admin/dashboard', (r, ctx) => {
  r.get(
    '/summary',
    {
      schema: { tags: ['admin'], response: { 200: envelope(adminDashboardSummary) } },
      config: { auth: 'admin' },
    },
    async (req) => ok(await dashboardSummary(ctx, req.locale)),
  );
});
