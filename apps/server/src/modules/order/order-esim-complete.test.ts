import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { paidBody, postCallback } from '../payment/payment.fixtures';
import {
  drainJobs,
  orderAndAttempt,
  partnerGoods,
  partnerApp,
  type PartnerRig,
} from '../simcard/simcard.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { sweepOrders } from './order.jobs';
import { refundApproved } from './order.fixtures';

// Issue 27: eSIM orders that never completed. An eSIM order is "to deliver" (1) while its cards are on the way,
// "to review" (3) once every card is delivered, and completed (4) when the buyer reviews it or
// ORDER_AUTO_COMPLETE_DAYS after the delivery; the order page says when. The refund rules stay as they were.
// On both engines.

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let rig: PartnerRig;
let close: () => Promise<void>;
let ops: { id: number; token: string };
beforeAll(async () => {
  ({ t, rig, close } = await partnerApp({ ORDER_AUTO_COMPLETE_DAYS: '5' }));
  ops = await createOperator(t.ctx, 'owner');
});
afterAll(() => close());

type Buyer = Awaited<ReturnType<typeof createUser>>;
const orderOf = async (buyer: Buyer, id: number) =>
  (await call(t.app, 'GET', 'app/order/info/info', { token: buyer.token, query: { id: String(id) } })).data;

/** An eSIM order paid while the partner is down: paid, its card not delivered yet. */
async function paidNotDelivered() {
  const buyer = await createUser(t.ctx);
  const g = await partnerGoods(t, 'JP-5GB-7D');
  const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
  rig.sim.setFaults({ failNext: 100 });
  await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
  await drainJobs(t);
  rig.sim.resetFaults();
  return { buyer, id, specId: g.specIds[0]! };
}

/** Runs the order's delivery job now (after the outage). */
async function deliverNow(id: number) {
  const job = await t.ctx.db
    .selectFrom('job')
    .select('id')
    .where('kind', '=', 'simcard.delivery')
    .where('state', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const ran = await t.ctx.jobs.runJob(Number(job.id), Date.now() + 3_600_000);
  expect(ran?.ok, String(ran?.error)).toBe(true);
  const row = await t.ctx.db
    .selectFrom('shop_order')
    .select(['delivery_state', 'received_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.delivery_state).toBe('delivered');
  return Number(row.received_at);
}

describe('an eSIM order completes after its delivery', () => {
  it('waits in "to deliver" until its card is delivered, then completes ORDER_AUTO_COMPLETE_DAYS after the delivery', async () => {
    const { buyer, id } = await paidNotDelivered();
    const paid = await orderOf(buyer, id);
    // paid but nothing delivered: not "to review" (nothing to review), no completion date, refundable
    expect(paid).toMatchObject({ status: 1, delivery: 'delivering', receivedAt: null, autoCompleteAt: null });
    expect(paid.actions).toMatchObject({ refund: true, comment: false });
    // long past the payment the sweep leaves an undelivered eSIM order alone
    const paidAt = Date.parse(paid.paidAt);
    await sweepOrders(t.ctx, paidAt + 30 * DAY);
    expect((await orderOf(buyer, id)).status).toBe(1);
    // an operator has nothing to ship
    const ship = await call(t.app, 'POST', 'admin/order/info/ship', {
      token: ops.token,
      body: { id, carrier: 'Post', trackingNo: 'RR1' },
    });
    expect(ship.code).toBe(5001);

    const deliveredAt = await deliverNow(id);
    const delivered = await orderOf(buyer, id);
    expect(delivered).toMatchObject({ status: 3, delivery: 'delivered' });
    expect(Date.parse(delivered.receivedAt)).toBe(deliveredAt);
    expect(delivered.autoCompleteAt).toBe(new Date(deliveredAt + 5 * DAY).toISOString());
    expect(delivered.actions).toMatchObject({ refund: true, comment: true });
    expect(delivered.log.map((e: { action: string }) => e.action)).toEqual(['create', 'pay', 'deliver']);
    // in the buyer's "to review" tab
    const tab = await call(t.app, 'POST', 'app/order/info/page', {
      token: buyer.token,
      body: { page: 1, size: 20, tab: 'pendingReview' },
    });
    expect(tab.data.list.map((o: { id: number }) => o.id)).toContain(id);

    // the job that runs every few minutes: not a minute early, then completed
    await sweepOrders(t.ctx, deliveredAt + 5 * DAY - 60_000);
    expect((await orderOf(buyer, id)).status).toBe(3);
    await sweepOrders(t.ctx, deliveredAt + 5 * DAY + 1_000);
    const done = await orderOf(buyer, id);
    expect(done).toMatchObject({ status: 4, autoCompleteAt: null });
    expect(done.log.at(-1)).toMatchObject({ action: 'auto_complete', fromStatus: 3, toStatus: 4 });
    // completed: the buyer's refund window has closed, as for any completed order
    const late = await call(t.app, 'POST', 'app/order/info/refund', {
      token: buyer.token,
      body: { id, reason: 'quality', description: 'too late' },
    });
    expect(late.code).toBe(5001);
  });

  it('completes at once when the buyer reviews the delivered eSIM', async () => {
    const { buyer, id, specId } = await paidNotDelivered();
    const early = await call(t.app, 'POST', 'app/goods/comment/submit', {
      token: buyer.token,
      body: { orderId: id, specId, rating: 5, content: 'fast', pictures: [], anonymous: 0 },
    });
    expect(early.code).toBe(5001);
    await deliverNow(id);
    const res = await call(t.app, 'POST', 'app/goods/comment/submit', {
      token: buyer.token,
      body: {
        orderId: id,
        specId,
        rating: 5,
        content: 'Worked in Osaka at once.',
        pictures: [],
        anonymous: 0,
      },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data).toMatchObject({ completed: true, orderStatus: 4 });
  });

  it('an undelivered eSIM order is refunded in full, its delivery cancelled, as before', async () => {
    const { buyer, id } = await paidNotDelivered();
    const res = await refundApproved(t, buyer, id, ops.token, { description: 'changed my trip' });
    expect(res.data).toMatchObject({ status: 6, refund: { providerState: 'succeeded', amount: 10_000 } });
    const d = await t.ctx.db
      .selectFrom('sim_delivery')
      .select('state')
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(d.state).toBe('cancelled');
  });
});
