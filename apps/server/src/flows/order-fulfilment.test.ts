import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../test/harness';
import { createUser } from '../test/fixtures';
import { fakeChannel, paidBody, postCallback, type FakeChannel } from '../modules/payment/payment.fixtures';
import {
  drainJobs,
  lineIdsOf,
  orderAndAttempt,
  partnerGoods,
  partnerApp,
  partnerTestApp,
  type PartnerRig,
} from '../modules/simcard/simcard.fixtures';
import { createOperator } from '../modules/catalogue/catalogue.fixtures';

// Issue 25, defect 12: refunds follow the eSIM, and a partner cancellation refunds. On both engines.

let t: TestApp;
let rig: PartnerRig;
let wechat: FakeChannel;
let close: () => Promise<void>;
let ops: { id: number; token: string };
beforeAll(async () => {
  ({ t, rig, wechat, close } = await partnerApp());
  ops = await createOperator(t.ctx, 'owner');
});
afterAll(() => close());

/** A paid, delivered eSIM order (NT$100) whose buyer has asked for a refund. */
async function deliveredAndAsked() {
  const buyer = await createUser(t.ctx);
  const g = await partnerGoods(t, 'JP-5GB-7D');
  const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
  await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
  await drainJobs(t);
  const card = await t.ctx.db
    .selectFrom('sim_card')
    .select(['iccid', 'status'])
    .where('order_id', '=', id)
    .executeTakeFirstOrThrow();
  const asked = await call(t.app, 'POST', 'app/order/info/refund', {
    token: buyer.token,
    body: { id, reason: 'quality', description: 'wrong country' },
  });
  expect(asked.code, asked.message).toBe(1000);
  return { buyer, id, iccid: card.iccid };
}
const approve = (body: Record<string, unknown>) =>
  call(t.app, 'POST', 'admin/order/info/refund/approve', { token: ops.token, body });
const cardOf = (iccid: string) =>
  t.ctx.db.selectFrom('sim_card').select('status').where('iccid', '=', iccid).executeTakeFirstOrThrow();
const install = (iccid: string) => {
  const sim = (rig.sim.state.sims as Map<string, { installedAt: number }>).get(iccid)!;
  sim.installedAt = Date.now() - 1_000;
};

describe('refunds follow the eSIM', () => {
  it('a full refund before install revokes the eSIM at the partner and returns the money', async () => {
    const { buyer, id, iccid } = await deliveredAndAsked();
    const res = await approve({ id });
    expect(res.code, res.message).toBe(1000);
    expect(res.data).toMatchObject({ status: 6, refund: { providerState: 'succeeded', amount: 10_000 } });
    expect((await cardOf(iccid)).status).toBe('expired');
    const [lineId] = await lineIdsOf(t, id);
    expect([...rig.sim.state.orders.values()].find((o) => o.reference === `line-${lineId}`)?.status).toBe(
      'CANCELLED',
    );
    // the buyer's card page no longer offers the activation code
    const cards = await call(t.app, 'GET', 'app/simcard/iccid/list', { token: buyer.token });
    expect(JSON.stringify(cards.data)).not.toContain('LPA:1$');
    // and the order page no longer says the eSIM is ready
    const order = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(id) },
    });
    expect(order.data.delivery).toBe('cancelled');
  });

  it('once installed, only an operator with a reason refunds it in full; the card stays with the buyer', async () => {
    const { id, iccid } = await deliveredAndAsked();
    install(iccid);
    const refused = await approve({ id });
    expect(refused.code).toBe(5013);
    const untouched = await call(t.app, 'GET', 'admin/order/info/info', {
      token: ops.token,
      query: { id: String(id) },
    });
    expect(untouched.data.status).toBe(5);
    const res = await approve({ id, reason: 'network outage in Osaka, confirmed' });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.status).toBe(6);
    expect((await cardOf(iccid)).status).not.toBe('expired');
    // the installed card stays: its delivery still stands
    expect(res.data.delivery).toBe('delivered');
    expect(res.data.log.at(-1).note).toEqual({
      kind: 'refund_approved',
      params: {
        amount: 10_000,
        asked: 10_000,
        currency: 'TWD',
        installed: [iccid],
        reason: 'network outage in Osaka, confirmed',
      },
    });
  });
});

describe('partner cancellations refund', () => {
  it("an operator's cancel of a delivered line refunds its money and closes the order as refunded", async () => {
    const buyer = await createUser(t.ctx);
    const g = await partnerGoods(t, 'JP-5GB-7D');
    const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
    await drainJobs(t);
    const [lineId] = await lineIdsOf(t, id);
    const res = await call(t.app, 'POST', 'app/billion/api/order/cancel', {
      token: ops.token,
      body: { orderLineId: lineId },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.state).toBe('cancelled');
    const seen = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(id) },
    });
    expect(seen.data).toMatchObject({
      status: 6,
      refund: { state: 'approved', reason: 'partner_cancelled', amount: 10_000, providerState: 'succeeded' },
    });
    expect(wechat.refunds.filter((r) => r.attemptNo === attemptNo).map((r) => r.amount)).toEqual([10_000]);
    // a repeat refunds nothing more
    await call(t.app, 'POST', 'app/billion/api/order/cancel', {
      token: ops.token,
      body: { orderLineId: lineId },
    });
    expect(wechat.refunds.filter((r) => r.attemptNo === attemptNo)).toHaveLength(1);
  });
});

describe('a full refund while the eSIM is still on its way', () => {
  it('cancels the delivery under way, and the order page no longer says it is coming', async () => {
    const slow = await partnerTestApp({}, { completeAfterMs: 60_000, wechat: fakeChannel('wechat') });
    try {
      const owner = await createOperator(slow.t.ctx, 'owner');
      const buyer = await createUser(slow.t.ctx);
      const g = await partnerGoods(slow.t, 'JP-5GB-7D');
      const { id, attemptNo } = await orderAndAttempt(slow.t, buyer, g.specIds[0]!);
      await postCallback(slow.t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
      await drainJobs(slow.t); // the partner took the order; it completes only in a minute
      const orderPage = async () =>
        (
          await call(slow.t.app, 'GET', 'app/order/info/info', {
            token: buyer.token,
            query: { id: String(id) },
          })
        ).data;
      expect((await orderPage()).delivery).toBe('delivering');
      const asked = await call(slow.t.app, 'POST', 'app/order/info/refund', {
        token: buyer.token,
        body: { id, reason: 'quality', description: 'trip cancelled' },
      });
      expect(asked.code, asked.message).toBe(1000);
      const res = await call(slow.t.app, 'POST', 'admin/order/info/refund/approve', {
        token: owner.token,
        body: { id },
      });
      expect(res.code, res.message).toBe(1000);
      expect(res.data.status).toBe(6);
      expect((await orderPage()).delivery).toBe('cancelled');
    } finally {
      await slow.close();
    }
  });
});
