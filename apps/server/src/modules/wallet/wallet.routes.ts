import {
  adminLedgerAdjustRequest,
  envelope,
  ledgerPageRequest,
  ledgerPageResponse,
  walletResponse,
} from '@simshop/contracts';
import { adminIdOf, requirePermission, userIdOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import { defineRoutes } from '../../platform/router';
import { adjustLedger, ledgerPage, walletInfo } from './wallet.service';

const tags = ['wallet'];
const auth = { auth: 'user' as const };

/** The caller's wallet: balance and the ledger, newest first. */
export const walletRoutes = defineRoutes('app/user/wallet', (r, ctx) => {
  r.get(
    '/get',
    { schema: { tags, response: { 200: envelope(walletResponse) } }, config: auth },
    async (req) => ok(await walletInfo(ctx, userIdOf(req))),
  );
  r.post(
    '/transaction/page',
    {
      schema: { tags, body: ledgerPageRequest, response: { 200: envelope(ledgerPageResponse) } },
      config: auth,
    },
    async (req) => ok(await ledgerPage(ctx, 'wallet', userIdOf(req), req.body)),
  );
});

/** Operators credit or debit a user's wallet or points (ADJUST), idempotent by the request key. */
export const adminLedgerRoutes = defineRoutes('admin/user/ledger', (r, ctx) => {
  r.post(
    '/adjust',
    {
      schema: {
        tags,
        body: adminLedgerAdjustRequest,
        response: { 200: envelope(walletResponse.pick({ balance: true })) },
      },
      config: { auth: 'admin' as const },
    },
    async (req) => {
      await requirePermission(ctx, adminIdOf(req), 'ledger.adjust');
      return ok(await adjustLedger(ctx, req.body, req.locale));
    },
  );
});
