import { expect } from 'vitest';
import { createTestApp, defined, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, payOrder, type Buyer } from '../order/order.fixtures';
import { createEzPayInvoiceClient } from '../../providers/invoice/ezpay.client';
import { ezPayInvoiceSimulator, type EzPaySimState } from '../../providers/invoice/ezpay.simulator';
import { createEzPayTrackClient } from '../../providers/invoice/ezpay.tracks';
import type { EzPayCredentials, EzPayMemberCredentials } from '../../providers/invoice/ezpay.wire';
import type { HttpClient } from '../../providers/payments/channel';
import { createInjectHttpClient } from '../../providers/payments/http-client';

/** The test member of ezPay's number track API (its own number and keys, not the shop's). */
export const TEST_MEMBER: EzPayMemberCredentials = {
  companyId: '7712345',
  hashKey: 'testEzPayMemberHashKey0000000000',
  hashIV: 'testEzPayMemIV00',
};
const SIM_BASE = 'http://shop.test/test/ezpay';

/** ezPay's number track API at the test simulator, as its member: what "on ezPay's site" stands for in tests. */
export const simTrackClient = (http: HttpClient, member = TEST_MEMBER) =>
  createEzPayTrackClient({ ...member, baseUrl: SIM_BASE, http });

/**
 * A test app with e-invoices on, its ezPay clients pointed at a simulator mounted in the same app (the real
 * protocol, in process) whose state the test holds: tests read its requests and flip switches there. A
 * loaded track is registered with the simulator through the number track API, unless `byHand` (no member
 * configured: operators register tracks on ezPay's site, `simTrackClient`).
 */
export async function createInvoiceTestApp(
  sim: EzPaySimState,
  credentials: EzPayCredentials,
  env: Record<string, string> = {},
  opts: { byHand?: boolean } = {},
): Promise<TestApp & { http: HttpClient }> {
  let app: TestApp['app'] | undefined;
  const http = createInjectHttpClient(() => defined(app, 'app'));
  const t = await createTestApp({
    env: { INVOICE_ENABLED: '1', ORDER_SWEEP_SECONDS: '0', ...env },
    providers: {
      invoice: createEzPayInvoiceClient({ ...credentials, baseUrl: SIM_BASE, http }),
      invoiceTracks: opts.byHand ? null : simTrackClient(http),
    },
    beforeReady: async (a) => {
      app = a;
      await a.register(ezPayInvoiceSimulator, {
        prefix: '/test/ezpay',
        ...credentials,
        member: TEST_MEMBER,
        state: sim,
      });
    },
  });
  return { ...t, http };
}

/** The newest issue job of an invoice. */
export const issueJobOf = async (t: TestApp, invoiceId: number) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('job')
        .select('id')
        .where('kind', '=', 'invoice.issue')
        .where('payload', 'like', `%"invoiceId":${invoiceId}}%`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id,
  );

/** A buyer's wallet-paid order of one 80 TWD goods with the given invoice choice; its invoice job run. */
export async function paidInvoiceOrder(t: TestApp, invoice?: Record<string, unknown>, buyer?: Buyer) {
  const who = buyer ?? (await createUser(t.ctx));
  const g = await goodsFixture(t.ctx, { specs: [{ price: 8_000, stock: 5 }] });
  const created = await buyNow(t, who, defined(g.specIds[0]), invoice ? { invoice } : {});
  expect(created.code, created.message).toBe(1000);
  const id = created.data.id as number;
  expect(await payOrder(t, id)).toBe(true);
  const inv = await t.ctx.db
    .selectFrom('invoice')
    .select('id')
    .where('order_id', '=', id)
    .executeTakeFirstOrThrow();
  await t.ctx.jobs.runJob(await issueJobOf(t, Number(inv.id))).catch(() => undefined);
  return { buyer: who, id, invoiceId: Number(inv.id) };
}
