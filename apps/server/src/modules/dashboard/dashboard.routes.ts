import { adminDashboardSummary } from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { dashboardSummary } from './dashboard.service';

/** The console dashboard (every role). */
export const adminDashboardRoutes = defineRoutes('admin/dashboard', (r, ctx) => {
  const c = calls(r, { tags: ['admin'], auth: 'admin' });
  c.get('/summary', { data: adminDashboardSummary, permission: 'dashboard' }, (req) =>
    dashboardSummary(ctx, req.locale),
  );
});
