import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, defined, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import {
  cardBytes,
  drainJobs,
  partnerGoods,
  partnerTestApp,
  type PartnerRig,
} from '../simcard/simcard.fixtures';
import { payOrder } from '../order/order.fixtures';

// Bulk top-ups (issue 28): a company tops up several of its eSIMs in one order through checkout; once paid
// each card receives its top-up as a single top-up by ICCID does. On both engines.

const GB = 1024 ** 3;
let t: TestApp;
let rig: PartnerRig;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let fleet: string[] = [];
let topUpSpec = 0;
let esimSpec = 0;

const topUp = (u: User, body: Record<string, unknown>, language = 'en') =>
  call(t.app, 'POST', 'app/company/topup/confirm', { token: u.token, body, language });
/** An order's eSIMs with their data allowance, in delivery order. */
const cardsOf = (app: TestApp, orderId: number) =>
  app.ctx.db
    .selectFrom('sim_card')
    .select(['iccid', 'total_bytes'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

/** A top-up goods on sale for one destination; its spec's id. */
async function topUpFor(app: TestApp, destination: string) {
  const g = await partnerGoods(app, 'TOPUP-1GB-7D', { needFillCard: 1 });
  await app.ctx.db
    .insertInto('goods_destination')
    .values({ goods_id: g.goodsId, code: destination })
    .execute();
  return defined(g.specIds[0]);
}

let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, rig, close } = await partnerTestApp());
  owner = await createUser(t.ctx, { kind: 'company' });
  const setup = await call(t.app, 'POST', 'app/company/setup', {
    token: owner.token,
    body: { name: 'Fleet Co' },
  });
  expect(setup.code, setup.message).toBe(1000);
  esimSpec = defined((await partnerGoods(t, 'JP-5GB-7D')).specIds[0]);
  const topUpGoods = await partnerGoods(t, 'TOPUP-1GB-7D', { needFillCard: 1 });
  topUpSpec = defined(topUpGoods.specIds[0]);
  // the top-up serves Japan, where the fleet's eSIMs (JP-5GB-7D) are
  await t.ctx.db
    .insertInto('goods_destination')
    .values({ goods_id: topUpGoods.goodsId, code: 'JP' })
    .execute();
  const batch = await call(t.app, 'POST', 'app/company/batch/confirm', {
    token: owner.token,
    body: { specId: esimSpec, quantity: 3, payWay: 'wallet' },
  });
  expect(batch.code, batch.message).toBe(1000);
  expect(await payOrder(t, batch.data.orderId)).toBe(true);
  await drainJobs(t);
  fleet = (
    await t.ctx.db
      .selectFrom('sim_card')
      .select('iccid')
      .where('order_id', '=', batch.data.orderId)
      .orderBy('id')
      .execute()
  ).map((c) => c.iccid);
  expect(fleet).toHaveLength(3);
});
afterAll(() => close());

describe('bulk top-ups', () => {
  it("refuses a card that is not the company's, a plan that is not a top-up, a stranger", async () => {
    const other = await createUser(t.ctx);
    const theirs = await call(t.app, 'POST', 'app/order/info/create', {
      token: other.token,
      body: { buyNow: { specId: esimSpec, quantity: 1 }, payWay: 'wallet' },
    });
    expect(await payOrder(t, theirs.data.id)).toBe(true);
    await drainJobs(t);
    const foreign = await t.ctx.db
      .selectFrom('sim_card')
      .select('iccid')
      .where('user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    const orders = async () => (await t.ctx.db.selectFrom('shop_order').select('id').execute()).length;
    const before = await orders();
    const refused = await topUp(owner, {
      specId: topUpSpec,
      iccids: [defined(fleet[0]), foreign.iccid],
      payWay: 'wallet',
    });
    expect(refused.code).toBe(8123);
    const notTopUp = await topUp(owner, { specId: esimSpec, all: true, payWay: 'wallet' }, 'fr');
    expect(notTopUp.code).toBe(8131);
    expect(notTopUp.message).toContain("n'est pas une recharge");
    expect((await topUp(other, { specId: topUpSpec, all: true, payWay: 'wallet' })).code).toBe(8101);
    expect((await topUp(owner, { specId: topUpSpec, payWay: 'wallet' })).code).toBe(8132);
    expect(await orders()).toBe(before);
  });

  it("refuses a top-up for another destination, in the buyer's language, and writes nothing", async () => {
    const korea = await topUpFor(t, 'KR');
    const orders = async () => (await t.ctx.db.selectFrom('shop_order').select('id').execute()).length;
    const before = await orders();
    const chosen = await topUp(
      owner,
      { specId: korea, iccids: [defined(fleet[0])], payWay: 'wallet' },
      'zh-Hant',
    );
    expect(chosen.code).toBe(8133);
    expect(chosen.message).toContain(defined(fleet[0]));
    expect(chosen.message).toContain('不適用');
    // `all`: every open card this top-up serves, and here none
    const all = await topUp(owner, { specId: korea, all: true, payWay: 'wallet' });
    expect(all.code).toBe(8132);
    expect(await orders()).toBe(before);
  });

  it('orders one top-up per chosen card; once paid each card receives its own', async () => {
    const [a, b, c] = [defined(fleet[0]), defined(fleet[1]), defined(fleet[2])];
    const before = { a: await cardBytes(t, a), b: await cardBytes(t, b), c: await cardBytes(t, c) };
    const body = { specId: topUpSpec, iccids: [a, b], payWay: 'wallet', idempotencyKey: 'topup-two' };
    const res = await topUp(owner, body);
    expect(res.code, res.message).toBe(1000);
    expect(res.data).toMatchObject({ iccids: [a, b], totalAmount: 20_000 });
    expect((await topUp(owner, body)).data.orderId).toBe(res.data.orderId);
    const line = await t.ctx.db
      .selectFrom('order_line')
      .select(['id', 'quantity'])
      .where('order_id', '=', res.data.orderId)
      .executeTakeFirstOrThrow();
    expect(Number(line.quantity)).toBe(2);

    expect(await payOrder(t, res.data.orderId)).toBe(true);
    await drainJobs(t);
    expect(await cardBytes(t, a)).toBe(before.a + GB);
    expect(await cardBytes(t, b)).toBe(before.b + GB);
    expect(await cardBytes(t, c)).toBe(before.c);
    // one partner top-up per card, each under its own reference (`line-<id>`, `line-<id>.p1`), once
    expect(rig.ordersWith(`line-${line.id}`)).toBe(2);
    expect(rig.ordersWith(`line-${line.id}.p1`)).toBe(1);
    const notices = await t.ctx.db
      .selectFrom('sim_notice')
      .select('iccid')
      .where('kind', '=', 'topup_done')
      .execute();
    expect(notices.map((n) => n.iccid).sort()).toEqual([a, b].sort());
    const delivery = await t.ctx.db
      .selectFrom('sim_delivery')
      .select('state')
      .where('order_line_id', '=', line.id)
      .executeTakeFirstOrThrow();
    expect(delivery.state).toBe('delivered');
  });

  it('tops up every card of the company with `all`', async () => {
    const res = await topUp(owner, { specId: topUpSpec, all: true, payWay: 'wallet' });
    expect(res.code, res.message).toBe(1000);
    expect([...res.data.iccids].sort()).toEqual([...fleet].sort());
    expect(res.data.totalAmount).toBe(30_000);
  });
});

describe('bulk top-ups completed later by the partner', () => {
  it("applies the line once, when every card's top-up is completed (duplicate webhooks)", async () => {
    const { t: app2, rig: slow, close: closeSlow } = await partnerTestApp({}, { completeAfterMs: 5 });
    try {
      const boss = await createUser(app2.ctx, { kind: 'company' });
      const post = (path: string, body: unknown) =>
        call(app2.app, 'POST', `app/company/${path}`, { token: boss.token, body });
      expect((await post('setup', { name: 'Slow Co' })).code).toBe(1000);
      const esim = defined((await partnerGoods(app2, 'JP-5GB-7D')).specIds[0]);
      const top = await topUpFor(app2, 'JP');
      const batch = await post('batch/confirm', { specId: esim, quantity: 2, payWay: 'wallet' });
      expect(await payOrder(app2, batch.data.orderId)).toBe(true);
      await drainJobs(app2);
      await slow.sim.settled();
      const cards = await cardsOf(app2, batch.data.orderId);
      expect(cards).toHaveLength(2);

      slow.sim.setFaults({ duplicateWebhook: true });
      const res = await post('topup/confirm', { specId: top, all: true, payWay: 'wallet' });
      expect(res.code, res.message).toBe(1000);
      expect(await payOrder(app2, res.data.orderId)).toBe(true);
      await drainJobs(app2); // the partner's top-ups are still pending
      await slow.sim.settled();
      const after = await cardsOf(app2, batch.data.orderId);
      expect(after.map((c) => Number(c.total_bytes))).toEqual(cards.map((c) => Number(c.total_bytes) + GB));
      const delivery = await app2.ctx.db
        .selectFrom('sim_delivery')
        .select('state')
        .where('order_id', '=', res.data.orderId)
        .executeTakeFirstOrThrow();
      expect(delivery.state).toBe('delivered');
    } finally {
      await closeSlow();
    }
  });
});
