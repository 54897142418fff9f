import {
  adminLedgerAdjustRequest,
  ledgerPageRequest,
  ledgerPageResponse,
  walletResponse,
} from '@simshop/contracts';
import { adminIdOf, requirePermission, userIdOf } from '../../platform/auth';
import { calls, defineRoutes } from '../../platform/router';
import { adjustLedger, ledgerPage, walletInfo } from './wallet.service';

const tags = ['wallet'];

/** The caller's wallet: balance and the ledger, newest first. */
export const walletRoutes = defineRoutes('app/user/wallet', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.get('/get', { data: walletResponse }, (req) => walletInfo(ctx, userIdOf(req)));
  c.post('/transaction/page', { body: ledgerPageRequest, data: ledgerPageResponse }, (req) =>
    ledgerPage(ctx, 'wallet', userIdOf(req), req.body),
  );
});

/** Operators credit or debit a user's wallet or points (ADJUST), idempotent by the request key. */
export const adminLedgerRoutes = defineRoutes('admin/user/ledger', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/adjust',
    {
      body: adminLedgerAdjustRequest,
      data: walletResponse.pick({ balance: true }),
      permission: 'ledger.adjust',
    },
    async (req) => {
      await requirePermission(ctx, adminIdOf(req), 'ledger.adjust');
      return adjustLedger(ctx, req.body, req.locale);
    },
  );
});
