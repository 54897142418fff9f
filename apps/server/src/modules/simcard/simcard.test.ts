import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseActivationCode } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { fakeChannel, paidBody, postCallback, type FakeChannel } from '../payment/payment.fixtures';
import {
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
} from '../../providers/plan-partner/plan-partner.wire';
import {
  drainJobs,
  lineIdsOf,
  orderAndAttempt,
  partnerGoods,
  partnerRig,
  type PartnerRig,
  wechatAttempt,
} from './simcard.fixtures';
import { applyUsage } from './simcard-usage.service';
import { applyPartnerOrder, deliverLine } from './simcard-delivery.service';
import { findCard } from './simcard.repository';

let t: TestApp;
let rig: PartnerRig;
let wechat: FakeChannel;
beforeAll(async () => {
  rig = await partnerRig();
  wechat = fakeChannel('wechat');
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PARTNER_SYNC_MINUTES: '0', SIM_USAGE_REFRESH_MINUTES: '0' },
    providers: { payments: { wechat: wechat.ch }, planPartner: rig.partner },
  });
  rig.bind(() => t);
});
afterAll(async () => {
  await t.close();
  await rig.server.close();
});

const GB = 1024 ** 3;
const get = (token: string, path: string, query: Record<string, string>) =>
  call(t.app, 'GET', `app/simcard/iccid/${path}`, { token, query });
const orderAnswer = async (token: string, id: number) =>
  (await call(t.app, 'GET', 'app/order/info/info', { token, query: { id: String(id) } })).data;
/** The order page's view of the delivery (GET app/simcard/iccid/delivery). */
const deliveryOf = (token: string, id: number) => get(token, 'delivery', { orderId: String(id) });

/** Buys and pays an eSIM of `code`; returns the order id after the delivery jobs ran. */
async function buyEsim(buyer: Awaited<ReturnType<typeof createUser>>, code = 'JP-5GB-7D') {
  const g = await partnerGoods(t, code);
  const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
  const reply = await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
  expect(reply.statusCode).toBe(204);
  await drainJobs(t);
  return id;
}

describe('eSIM delivery', () => {
  it('a duplicated payment notification makes exactly one partner order and one card', async () => {
    const buyer = await createUser(t.ctx);
    const g = await partnerGoods(t, 'JP-5GB-7D');
    const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
    const body = paidBody(attemptNo, 10_000);
    const replies = await Promise.all(
      [1, 2, 3].map(() => postCallback(t, '/api/app/order/pay/wxNotify', body)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    expect((await orderAnswer(buyer.token, id)).delivery).toBe('delivering');
    await drainJobs(t);
    await postCallback(t, '/api/app/order/pay/wxNotify', body);
    await drainJobs(t);
    const [lineId] = await lineIdsOf(t, id);
    expect(rig.ordersWith(`line-${lineId}`)).toBe(1);
    const cards = await t.ctx.db.selectFrom('sim_card').selectAll().where('user_id', '=', buyer.id).execute();
    expect(cards).toHaveLength(1);
    const order = await orderAnswer(buyer.token, id);
    expect(order.delivery).toBe('delivered');
    expect(order.status).toBe(3);
    // the card, with the partner's very activation code
    const list = await get(buyer.token, 'list', {});
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({
      status: 'not_installed',
      dataTotalBytes: 5 * GB,
      kind: 'esim',
    });
    expect(list.data.unreadNotices).toBe(1);
    const iccid = cards[0]!.iccid;
    const detail = await get(buyer.token, 'detail', { iccid });
    expect(detail.code, detail.message).toBe(1000);
    const sim = [...rig.sim.state.sims.values()].find((s) => s.iccid === iccid)!;
    expect(detail.data.activation.activationCode).toBe(sim.wire.activation_code);
    expect(parseActivationCode(detail.data.activation.activationCode)).not.toBeNull();
    expect(detail.data.activation.smdpAddress).toBe(sim.wire.smdp_address);
    expect(detail.data.activation.matchingId).toBe(sim.wire.matching_id);
    expect(detail.data.activation.confirmationCode).toBe(sim.wire.confirmation_code);
    expect(detail.data.activation.appleInstallUrl).toContain('esimsetup.apple.com');
    // encrypted at rest: the raw column holds none of the codes
    const raw = cards[0]!.activation_enc!;
    expect(raw.startsWith('v1.')).toBe(true);
    expect(raw).not.toContain(sim.wire.activation_code);
    expect(raw).not.toContain(sim.wire.matching_id);
  });

  it('a partner outage is retried while the order shows delivering, then delivers once', async () => {
    const buyer = await createUser(t.ctx);
    const g = await partnerGoods(t, 'JP-5GB-7D');
    const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
    rig.sim.setFaults({ failNext: 100 });
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
    const job = await t.ctx.db
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', 'simcard.delivery')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // paid, not yet tried: on its way, nothing to worry about
    expect((await deliveryOf(buyer.token, id)).data).toMatchObject({
      delivery: 'delivering',
      retrying: false,
    });
    const first = await t.ctx.jobs.runJob(Number(job.id));
    expect(first?.ok).toBe(false);
    expect((await orderAnswer(buyer.token, id)).delivery).toBe('delivering');
    // the order page says it takes longer and is being retried
    expect((await deliveryOf(buyer.token, id)).data).toMatchObject({
      delivery: 'delivering',
      retrying: true,
      lines: [{ kind: 'esim', state: 'delivering', iccids: [] }],
    });
    rig.sim.resetFaults();
    const second = await t.ctx.jobs.runJob(Number(job.id), Date.now() + 3_600_000);
    expect(second?.ok, String(second?.error)).toBe(true);
    const delivered = (await deliveryOf(buyer.token, id)).data;
    expect(delivered).toMatchObject({ delivery: 'delivered', retrying: false });
    const [lineId] = await lineIdsOf(t, id);
    expect(rig.ordersWith(`line-${lineId}`)).toBe(1);
    expect((await orderAnswer(buyer.token, id)).delivery).toBe('delivered');
    const cards = await t.ctx.db
      .selectFrom('sim_card')
      .select('iccid')
      .where('user_id', '=', buyer.id)
      .execute();
    expect(cards).toHaveLength(1);
    // the order page links to the very card delivered
    expect(delivered.lines[0].iccids).toEqual([cards[0]!.iccid]);
  });

  it('a delivery pending at the partner past the usual minute or two reads as retrying', async () => {
    const buyer = await createUser(t.ctx);
    const g = await partnerGoods(t, 'JP-5GB-7D');
    const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
    await t.ctx.db
      .updateTable('shop_order')
      .set({ paid_at: Date.now() - 10 * 60_000 })
      .where('id', '=', id)
      .execute();
    expect((await deliveryOf(buyer.token, id)).data).toMatchObject({
      delivery: 'delivering',
      retrying: true,
    });
    await drainJobs(t);
    expect((await deliveryOf(buyer.token, id)).data).toMatchObject({
      delivery: 'delivered',
      retrying: false,
    });
  });

  it('a failed partner order is stuck for operators, who retry it into a delivery', async () => {
    const buyer = await createUser(t.ctx);
    rig.sim.setFaults({ failOrders: 1 });
    const id = await buyEsim(buyer);
    rig.sim.resetFaults();
    expect((await orderAnswer(buyer.token, id)).delivery).toBe('stuck');
    expect((await deliveryOf(buyer.token, id)).data).toMatchObject({ delivery: 'stuck', retrying: false });
    const admin = (
      await call(t.app, 'POST', 'admin/base/open/login', {
        body: { username: 'admin', password: 'admin123456' },
      })
    ).data.token as string;
    const page = await call(t.app, 'POST', 'admin/simcard/delivery/page', {
      token: admin,
      body: { state: 'stuck' },
    });
    expect(page.code, page.message).toBe(1000);
    const stuck = page.data.list.find((d: { orderId: number }) => d.orderId === id);
    expect(stuck).toMatchObject({ state: 'stuck', kind: 'esim' });
    expect(stuck.lastError).toBeTruthy();
    // the buyer cannot reach the operators' calls
    expect(
      (await call(t.app, 'POST', 'admin/simcard/delivery/page', { token: buyer.token, body: {} })).status,
    ).not.toBe(200);
    const retried = await call(t.app, 'POST', 'admin/simcard/delivery/retry', {
      token: admin,
      body: { id: stuck.id },
    });
    expect(retried.code, retried.message).toBe(1000);
    expect(retried.data.state).toBe('delivered');
    expect((await orderAnswer(buyer.token, id)).delivery).toBe('delivered');
    expect(
      await t.ctx.db.selectFrom('sim_card').select('id').where('user_id', '=', buyer.id).execute(),
    ).toHaveLength(1);
  });
});

describe('settling the order as its lines arrive (raced on both engines)', () => {
  /** An order of `lines` eSIM lines (from the cart), paid, its delivery rows made by a failed first try. */
  async function paidWithLines(buyer: Awaited<ReturnType<typeof createUser>>, lines: number) {
    for (let i = 0; i < lines; i++) {
      const g = await partnerGoods(t, 'JP-5GB-7D');
      const add = await call(t.app, 'POST', 'app/user/cart/add', {
        token: buyer.token,
        body: { specId: g.specIds[0], quantity: 1 },
      });
      expect(add.code, add.message).toBe(1000);
    }
    const created = await call(t.app, 'POST', 'app/order/info/create', {
      token: buyer.token,
      body: { payWay: 'wechat' },
    });
    expect(created.code, created.message).toBe(1000);
    const id = created.data.id as number;
    const attemptNo = await wechatAttempt(t, buyer, id);
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, lines * 10_000));
    const lineIds = await lineIdsOf(t, id);
    expect(lineIds).toHaveLength(lines);
    rig.sim.setFaults({ failNext: 100 });
    for (const lineId of lineIds) await expect(deliverLine(t.ctx, lineId)).rejects.toThrow();
    rig.sim.resetFaults();
    // the partner completes every line (its webhooks race the appliers below, as in production)
    const orders = await Promise.all(
      lineIds.map((lineId) =>
        rig.partner.createOrder({
          reference: `line-${lineId}`,
          commodityCode: 'JP-5GB-7D',
          quantity: 1,
          callbackUrl: 'https://shop.example/api/app/billion/webhook/partner',
        }),
      ),
    );
    expect(orders.map((o) => o.state)).toEqual(Array(lines).fill('completed'));
    return { id, orders };
  }

  it('the job and the webhook applying one line at once: whichever returns, the order reads delivered', async () => {
    const buyer = await createUser(t.ctx);
    const { id, orders } = await paidWithLines(buyer, 1);
    const reads = await Promise.all(
      Array.from({ length: 4 }, () =>
        applyPartnerOrder(t.ctx, orders[0]!).then(async () => (await orderAnswer(buyer.token, id)).delivery),
      ),
    );
    expect(reads).toEqual(Array(4).fill('delivered'));
    expect(
      await t.ctx.db.selectFrom('sim_card').select('id').where('order_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('two lines finishing at once leave the order delivered, not waiting on each other', async () => {
    const buyer = await createUser(t.ctx);
    const { id, orders } = await paidWithLines(buyer, 2);
    await Promise.all([...orders, ...orders].map((o) => applyPartnerOrder(t.ctx, o)));
    expect((await orderAnswer(buyer.token, id)).delivery).toBe('delivered');
    expect((await deliveryOf(buyer.token, id)).data).toMatchObject({
      delivery: 'delivered',
      retrying: false,
    });
    expect(
      await t.ctx.db.selectFrom('sim_card').select('id').where('order_id', '=', id).execute(),
    ).toHaveLength(2);
  });
});

describe('top-up', () => {
  it("lands on the card named in the order, not on the buyer's other card", async () => {
    const buyer = await createUser(t.ctx);
    await buyEsim(buyer);
    await buyEsim(buyer);
    const cards = await t.ctx.db
      .selectFrom('sim_card')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    expect(cards).toHaveLength(2);
    const [a, b] = cards as [(typeof cards)[0], (typeof cards)[0]];
    const topup = await partnerGoods(t, 'TOPUP-1GB-7D', { needFillCard: 1 });
    const { id, attemptNo } = await orderAndAttempt(t, buyer, topup.specIds[0]!, { cardNumber: b.iccid });
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
    await drainJobs(t);
    expect((await orderAnswer(buyer.token, id)).delivery).toBe('delivered');
    const afterA = (await findCard(t.ctx.db, a.iccid))!;
    const afterB = (await findCard(t.ctx.db, b.iccid))!;
    expect(Number(afterA.total_bytes)).toBe(5 * GB);
    expect(Number(afterB.total_bytes)).toBe(6 * GB);
    const partnerSim =
      rig.sim.state.sims.get(b.iccid) ?? [...rig.sim.state.sims.values()].find((s) => s.iccid === b.iccid);
    expect(partnerSim?.totalBytes).toBe(6 * GB);
    const [lineId] = await lineIdsOf(t, id);
    expect(rig.ordersWith(`line-${lineId}`)).toBe(1);
  });
});

describe('ownership', () => {
  it("user B reads none of user A's cards or codes", async () => {
    const a = await createUser(t.ctx);
    const b = await createUser(t.ctx);
    const orderId = await buyEsim(a);
    const card = await t.ctx.db
      .selectFrom('sim_card')
      .selectAll()
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    for (const path of ['detail', 'info']) {
      const res = await get(b.token, path, { iccid: card.iccid });
      expect(res.code).not.toBe(1000);
      expect(JSON.stringify(res)).not.toContain('LPA:');
    }
    expect((await get(b.token, 'list', {})).data.items).toHaveLength(0);
    const delivery = await deliveryOf(b.token, orderId);
    expect(delivery.code).not.toBe(1000);
    expect(JSON.stringify(delivery)).not.toContain(card.iccid);
    expect((await deliveryOf(a.token, orderId)).data.lines[0].iccids).toEqual([card.iccid]);
    const alert = await call(t.app, 'POST', 'app/simcard/iccid/alert', {
      token: b.token,
      body: { iccid: card.iccid, thresholdMb: 100 },
    });
    expect(alert.code).not.toBe(1000);
    const bind = await call(t.app, 'POST', 'app/simcard/iccid/bind', {
      token: b.token,
      body: { iccid: card.iccid },
    });
    expect(bind.code).not.toBe(1000);
    const [lineId] = await lineIdsOf(t, orderId);
    const info = await call(t.app, 'POST', 'app/billion/api/order/info', {
      token: b.token,
      body: { orderLineId: lineId },
    });
    expect(info.code).not.toBe(1000);
    const usage = await call(t.app, 'POST', 'app/billion/api/plan/usage', {
      token: b.token,
      body: { iccid: card.iccid },
    });
    expect(usage.code).not.toBe(1000);
    const create = await call(t.app, 'POST', 'app/billion/api/order/card/create', {
      token: b.token,
      body: { orderId },
    });
    expect(create.code).not.toBe(1000);
    // and A does
    expect((await get(a.token, 'detail', { iccid: card.iccid })).code).toBe(1000);
    const own = await call(t.app, 'POST', 'app/billion/api/order/info', {
      token: a.token,
      body: { orderLineId: lineId },
    });
    expect(own.data).toMatchObject({
      delivery: 'delivered',
      partnerState: 'completed',
      iccids: [card.iccid],
    });
  });
});

describe('physical SIM cards', () => {
  it('bind by ICCID: a broken Luhn digit is refused, a good one is bound once', async () => {
    const buyer = await createUser(t.ctx);
    // the shop sold this card over the counter, its bind code printed with it (issue 25 defect 11)
    const admin = (
      await call(t.app, 'POST', 'admin/base/open/login', {
        body: { username: 'admin', password: 'admin123456' },
      })
    ).data.token as string;
    const sold = await call(t.app, 'POST', 'admin/simcard/physical/issue', {
      token: admin,
      body: { iccids: ['8988603210987654328'] },
    });
    expect(sold.code, sold.message).toBe(1000);
    const bad = await call(t.app, 'POST', 'app/simcard/iccid/bind', {
      token: buyer.token,
      body: { iccid: '8988603210987654321' },
    });
    expect(bad.code).toBe(1001);
    const good = await call(t.app, 'POST', 'app/simcard/iccid/bind', {
      token: buyer.token,
      body: { iccid: '8988 6032 1098 7654 328', bindCode: sold.data.cards[0].bindCode },
    });
    expect(good.code, good.message).toBe(1000);
    expect(good.data).toMatchObject({ iccid: '8988603210987654328', kind: 'physical' });
    const again = await call(t.app, 'POST', 'app/simcard/iccid/bind', {
      token: buyer.token,
      body: { iccid: '8988603210987654328' },
    });
    expect(again.code).toBe(1000);
    const other = await createUser(t.ctx);
    const taken = await call(t.app, 'POST', 'app/simcard/iccid/bind', {
      token: other.token,
      body: { iccid: '8988603210987654328' },
    });
    expect(taken.code).toBe(7201);
  });
});

describe('partner webhook', () => {
  it('refuses a webhook whose signature does not verify (401, nothing applied)', async () => {
    const body = JSON.stringify({
      id: 'evt-x',
      type: 'order.completed',
      created_at: new Date().toISOString(),
      data: { order: {} },
    });
    const ts = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/billion/webhook/partner',
      payload: body,
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: String(ts),
        [SIGNATURE_HEADER]: signWebhook('wrong-secret', ts, body),
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(7204);
  });

  it('an asynchronous completion arriving twice binds one card', async () => {
    const slow = await partnerRig({ completeAfterMs: 5 });
    const app2 = await createTestApp({
      env: { ORDER_SWEEP_SECONDS: '0', PARTNER_SYNC_MINUTES: '0', SIM_USAGE_REFRESH_MINUTES: '0' },
      providers: { payments: { wechat: wechat.ch }, planPartner: slow.partner },
      seed: false,
    });
    slow.bind(() => app2);
    try {
      slow.sim.setFaults({ duplicateWebhook: true });
      const buyer = await createUser(app2.ctx);
      const g = await partnerGoods(app2, 'JP-5GB-7D');
      const { id, attemptNo } = await orderAndAttempt(app2, buyer, g.specIds[0]!);
      await postCallback(app2, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
      await drainJobs(app2); // the first attempt finds the partner order pending
      await slow.sim.settled();
      expect(slow.sim.state.deliveries.length).toBeGreaterThanOrEqual(2);
      const cards = await app2.ctx.db
        .selectFrom('sim_card')
        .select('iccid')
        .where('user_id', '=', buyer.id)
        .execute();
      expect(cards).toHaveLength(1);
      const order = (
        await call(app2.app, 'GET', 'app/order/info/info', { token: buyer.token, query: { id: String(id) } })
      ).data;
      expect(order.delivery).toBe('delivered');
    } finally {
      await app2.close();
      await slow.server.close();
    }
  });
});

describe('usage and the low-data alert', () => {
  it('fires once per crossing of the threshold, with an unread badge', async () => {
    const buyer = await createUser(t.ctx);
    await buyEsim(buyer);
    const card = await t.ctx.db
      .selectFrom('sim_card')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    await call(t.app, 'POST', 'app/simcard/iccid/notices/read', { token: buyer.token, body: {} });
    const set = await call(t.app, 'POST', 'app/simcard/iccid/alert', {
      token: buyer.token,
      body: { iccid: card.iccid, thresholdMb: 500 },
    });
    expect(set.data).toEqual({ iccid: card.iccid, lowDataAlertMb: 500 });
    const MB = 1024 * 1024;
    const reading = (usedMb: number, asOf: number) => ({
      iccid: card.iccid,
      status: 'active' as const,
      usedBytes: usedMb * MB,
      remainingBytes: 5120 * MB - usedMb * MB,
      totalBytes: 5120 * MB,
      expiresAt: Date.now() + 86_400_000,
      startedAt: null,
      asOf,
    });
    const base = Date.now();
    for (const [i, used] of [1000, 4000, 4700, 4800, 4900].entries()) {
      const fresh = (await findCard(t.ctx.db, card.iccid))!;
      await applyUsage(t.ctx, fresh, reading(used, base + i * 60_000));
    }
    const unread = await get(buyer.token, 'notices/unread', {});
    expect(unread.data.count).toBe(1);
    const notices = await get(buyer.token, 'notices', {});
    expect(notices.data.list[0]).toMatchObject({ kind: 'low_data', iccid: card.iccid, read: false });
    expect(notices.data.list[0].params).toMatchObject({ thresholdMb: 500, leftMb: 420 });
    // a top-up lifts it above the threshold: the alert re-arms and fires again at the next crossing
    await applyUsage(t.ctx, (await findCard(t.ctx.db, card.iccid))!, {
      ...reading(4900, base + 6 * 60_000),
      remainingBytes: 1244 * MB,
      totalBytes: 6144 * MB,
    });
    await applyUsage(t.ctx, (await findCard(t.ctx.db, card.iccid))!, {
      ...reading(5800, base + 7 * 60_000),
      remainingBytes: 344 * MB,
      totalBytes: 6144 * MB,
    });
    expect((await get(buyer.token, 'notices/unread', {})).data.count).toBe(2);
    const detail = await get(buyer.token, 'detail', { iccid: card.iccid });
    expect(detail.data.usageHistory.map((p: { usedMb: number }) => p.usedMb)).toEqual([
      1000, 4000, 4700, 4800, 4900, 4900, 5800,
    ]);
    expect(detail.data).toMatchObject({ status: 'active', lowDataAlertMb: 500, lowDataAlerted: true });
  });
});
