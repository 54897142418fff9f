import { expect } from 'vitest';
import { createTestApp, defined, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, payOrder, type Buyer } from '../order/order.fixtures';
import { createEzPayInvoiceClient } from '../../providers/invoice/ezpay.client';
import { ezPayInvoiceSimulator, type EzPaySimState } from '../../providers/invoice/ezpay.simulator';
import type { EzPayCredentials } from '../../providers/invoice/ezpay.wire';
import { createInjectHttpClient } from '../../providers/payments/http-client';

/**
 * A test app with e-invoices on, its ezPay client pointed at a simulator mounted in the same app (the real
 * protocol, in process) whose state the test holds: tests register tracks and flip switches there.
 */
export async function createInvoiceTestApp(
  sim: EzPaySimState,
  credentials: EzPayCredentials,
  env: Record<string, string> = {},
): Promise<TestApp> {
  let app: TestApp['app'] | undefined;
  const http = createInjectHttpClient(() => defined(app, 'app'));
  return createTestApp({
    env: { INVOICE_ENABLED: '1', ORDER_SWEEP_SECONDS: '0', ...env },
    providers: {
      invoice: createEzPayInvoiceClient({ ...credentials, baseUrl: 'http://shop.test/test/ezpay', http }),
    },
    beforeReady: async (a) => {
      app = a;
      await a.register(ezPayInvoiceSimulator, { prefix: '/test/ezpay', ...credentials, state: sim });
    },
  });
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
