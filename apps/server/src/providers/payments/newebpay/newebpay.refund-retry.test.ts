import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsFixture } from '../../../modules/cart/cart.fixtures';
import { buyNow, orderStatusOf } from '../../../modules/order/order.fixtures';
import { refundAttemptPart } from '../../../flows/order-refund';
import { createUser } from '../../../test/fixtures';
import { call, createTestApp, type TestApp } from '../../../test/harness';
import { ChannelUnavailableError, type PaymentChannel } from '../channel';

/**
 * Issue 25 defect 5 through the payment core, on both engines: a NewebPay card refund whose answer was
 * lost after NewebPay applied it is retried by the refund job and refunds once; a later partial refund of
 * the same trade still goes out (the core tells the adapter what the attempt's other refunds took back).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' }, seed: false });
});
afterAll(async () => t.close());

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const pathOf = (url: string) => {
  const u = new URL(url, t.config.publicUrl);
  return `${u.pathname}${u.search}`;
};
async function until(check: () => Promise<boolean>, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A NT$129 order paid by card at the NewebPay simulator's cashier. */
async function paidByCard() {
  const buyer = await createUser(t.ctx);
  const g = await goodsFixture(t.ctx, { specs: [{ price: 12_900, stock: 10 }], payWays: ['newebpay'] });
  const created = await buyNow(t, buyer, g.specIds[0]!, { payWay: 'newebpay' });
  expect(created.code, created.message).toBe(1000);
  const id = created.data.id as number;
  const info = await call(t.app, 'GET', 'app/order/newebpay/getOrderMpgInfo', {
    token: buyer.token,
    query: { orderId: String(id), method: 'CREDIT' },
  });
  expect(info.code, info.message).toBe(1000);
  const gateway = await t.app.inject({
    method: 'POST',
    url: pathOf(info.data.action),
    ...form(info.data.fields),
  });
  const session = /name="session" value="([^"]+)"/.exec(gateway.body)?.[1] ?? '';
  const paid = await t.app.inject({
    method: 'POST',
    url: '/dev/sim/newebpay/MPG/cashier',
    ...form({ session, choice: 'card_pay' }),
  });
  expect(paid.statusCode).toBe(200);
  await until(async () => (await orderStatusOf(t, id)) === 3, 'the order paid');
  return { id, attemptNo: info.data.attemptNo as string };
}

describe('NewebPay card refunds through the payment core', () => {
  it('a refund retried after its answer was lost refunds once; the next partial refund still goes out', async () => {
    const { attemptNo } = await paidByCard();
    const attempt = await t.ctx.db
      .selectFrom('payment_attempt')
      .selectAll()
      .where('attempt_no', '=', attemptNo)
      .executeTakeFirstOrThrow();
    /** One refund part on the refund job, run at once as a decision does; the runner retries what fails. */
    const refundPart = (refundNo: string, amount: number) =>
      t.ctx.db
        .transaction()
        .execute((trx) =>
          refundAttemptPart(trx, attempt, { refundNo, amount, reason: 'test', at: Date.now() }),
        );
    const stateOf = async (refundNo: string) =>
      (
        await t.ctx.db
          .selectFrom('payment_refund')
          .select('state')
          .where('refund_no', '=', refundNo)
          .executeTakeFirstOrThrow()
      ).state;
    const payments = t.ctx.providers.payments as Record<string, PaymentChannel>;
    const real = payments.newebpay!;
    let succeeded = 0;
    let lose = 1;
    // NewebPay applies the refund, and its answer never reaches us (a timeout): the job will retry
    payments.newebpay = {
      ...real,
      refund: async (req) => {
        const res = await real.refund(req);
        succeeded += res.state === 'succeeded' ? 1 : 0;
        if (lose-- > 0) throw new ChannelUnavailableError('newebpay', 'timeout');
        return res;
      },
    };
    const backBalance = async () => (await real.query(attemptNo, 12_900)).detail?.BackBalance;
    try {
      const first = await refundPart('RT9101', 2_900);
      await t.ctx.jobs.runJob(first);
      // NewebPay applied it, we never heard: the part is still to be sent, and the job will retry it
      expect(await stateOf('RT9101')).toBe('requesting');
      expect(await backBalance()).toBe('100');
      // the refund job's retry: the trade already shows this refund, nothing is sent again
      await t.ctx.jobs.tick(Date.now() + 3 * 3_600_000);
      expect(await stateOf('RT9101')).toBe('succeeded');
      expect(await backBalance()).toBe('100');

      // a second, partial refund of the same trade is sent: NewebPay is told what the first took back
      await t.ctx.jobs.runJob(await refundPart('RT9102', 10_000));
      expect(await stateOf('RT9102')).toBe('succeeded');
      expect(await backBalance()).toBe('0');
      expect(succeeded).toBe(3); // the lost one, the retry answered from BackBalance, the second
    } finally {
      payments.newebpay = real;
    }
  });
});
