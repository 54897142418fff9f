import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, defined, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { payOrder } from '../order/order.fixtures';
import type { PlanPartnerFaults } from '../../providers/plan-partner/plan-partner.simulator';
import {
  cardBytes,
  drainJobs,
  lineIdsOf,
  partnerGoods,
  partnerTestApp,
  type PartnerRig,
} from './simcard.fixtures';
import { applyPartnerOrder } from './simcard-delivery.service';

// Issue 28: a line the plan partner fulfils in parts (more than ten eSIMs; a bulk top-up, one partner top-up
// per card) when the partner fails one part. The operator's retry orders only that part again, under a fresh
// reference: nothing the partner completed is ordered twice (no eSIMs orphaned there, no card topped up
// twice), a late word about the failed part changes nothing, and a refund cancels every part. Both engines.

const GB = 1024 ** 3;

/** A shop with a company owner, a Japan eSIM plan and a Japan top-up, over the partner simulator. */
async function shop(o: { completeAfterMs?: number } = {}) {
  const { t, rig, close } = await partnerTestApp({}, o);
  const ops = await createOperator(t.ctx, 'owner');
  const owner = await createUser(t.ctx, { kind: 'company' });
  const setup = await call(t.app, 'POST', 'app/company/setup', {
    token: owner.token,
    body: { name: 'Parts Co' },
  });
  expect(setup.code, setup.message).toBe(1000);
  const esimSpec = defined((await partnerGoods(t, 'JP-5GB-7D')).specIds[0]);
  const topUpGoods = await partnerGoods(t, 'TOPUP-1GB-7D', { needFillCard: 1 });
  await t.ctx.db
    .insertInto('goods_destination')
    .values({ goods_id: topUpGoods.goodsId, code: 'JP' })
    .execute();
  return { t, rig, close, ops, owner, esimSpec, topUpSpec: defined(topUpGoods.specIds[0]) };
}
type Shop = Awaited<ReturnType<typeof shop>>;

/** The company's batch of `quantity` eSIMs, ordered and not yet paid: its order and line. */
async function batch(s: Shop, quantity: number) {
  const res = await call(s.t.app, 'POST', 'app/company/batch/confirm', {
    token: s.owner.token,
    body: { specId: s.esimSpec, quantity, payWay: 'wallet' },
  });
  expect(res.code, res.message).toBe(1000);
  const orderId = res.data.orderId as number;
  return { orderId, lineId: defined((await lineIdsOf(s.t, orderId))[0]) };
}

/** A bulk top-up of every card of the company, ordered and not yet paid: its order, line and cards. */
async function bulkTopUp(s: Shop) {
  const res = await call(s.t.app, 'POST', 'app/company/topup/confirm', {
    token: s.owner.token,
    body: { specId: s.topUpSpec, all: true, payWay: 'wallet' },
  });
  expect(res.code, res.message).toBe(1000);
  const orderId = res.data.orderId as number;
  return {
    orderId,
    lineId: defined((await lineIdsOf(s.t, orderId))[0]),
    iccids: res.data.iccids as string[],
  };
}

/**
 * Pays an order while the partner has the faults `faults`, runs its delivery jobs, clears the faults; with
 * `settle`, first waits for the partner's delayed completions (a partner that completes later).
 */
async function payUnder(s: Shop, orderId: number, faults: Partial<PlanPartnerFaults>, settle = false) {
  s.rig.sim.setFaults(faults);
  expect(await payOrder(s.t, orderId)).toBe(true);
  await drainJobs(s.t);
  if (settle) await s.rig.sim.settled();
  s.rig.sim.resetFaults();
}

const deliveryOf = (t: TestApp, lineId: number) =>
  t.ctx.db
    .selectFrom('sim_delivery')
    .selectAll()
    .where('order_line_id', '=', lineId)
    .executeTakeFirstOrThrow();
const retry = (s: Shop, id: number) =>
  call(s.t.app, 'POST', 'admin/simcard/delivery/retry', { token: s.ops.token, body: { id } });
const partnerOrders = (rig: PartnerRig, lineId: number) =>
  [...rig.sim.state.orders.values()].filter((o) => o.reference.startsWith(`line-${lineId}`));
const partnerBytes = (rig: PartnerRig, iccid: string) => defined(rig.sim.state.sims.get(iccid)).totalBytes;
const boundTo = async (t: TestApp, orderId: number) =>
  (await t.ctx.db.selectFrom('sim_card').select('iccid').where('order_id', '=', orderId).execute()).map(
    (c) => c.iccid,
  );

describe('a part the partner failed', () => {
  let s: Shop;
  let fleet: string[] = [];
  beforeAll(async () => {
    s = await shop();
  });
  afterAll(() => s.close());

  it('of 23 eSIMs is ordered again alone; the line delivers 23 cards, none orphaned at the partner', async () => {
    const { orderId, lineId } = await batch(s, 23);
    await payUnder(s, orderId, { failReferences: [`line-${lineId}.p1`] });
    const stuck = await deliveryOf(s.t, lineId);
    expect(stuck.state).toBe('stuck');
    expect(await boundTo(s.t, orderId)).toEqual([]);

    const res = await retry(s, Number(stuck.id));
    expect(res.code, res.message).toBe(1000);
    expect(res.data.state).toBe('delivered');
    const orders = partnerOrders(s.rig, lineId);
    // the three first parts, and the failed one's retry: nothing else ordered
    expect(orders.map((o) => [o.reference.replace(/\.r\d+$/, '.r'), o.status]).sort()).toEqual(
      [
        [`line-${lineId}`, 'COMPLETED'],
        [`line-${lineId}.p1`, 'FAILED'],
        [`line-${lineId}.p1.r`, 'COMPLETED'],
        [`line-${lineId}.p2`, 'COMPLETED'],
      ].sort(),
    );
    const issued = orders.flatMap((o) => o.sims.map((x) => x.iccid));
    expect(issued).toHaveLength(23);
    expect((await boundTo(s.t, orderId)).sort()).toEqual([...issued].sort());
  });

  it('first of 12 eSIMs is ordered again; the buyer then sees the line completed at the partner', async () => {
    const { orderId, lineId } = await batch(s, 12);
    await payUnder(s, orderId, { failReferences: [`line-${lineId}`] });
    const stuck = await deliveryOf(s.t, lineId);
    const asked = () =>
      call(s.t.app, 'POST', 'app/billion/api/order/info', {
        token: s.owner.token,
        body: { orderLineId: lineId },
      });
    expect((await asked()).data).toMatchObject({ delivery: 'stuck', partnerState: 'failed' });
    expect((await retry(s, Number(stuck.id))).data.state).toBe('delivered');
    const info = await asked();
    expect(info.code, info.message).toBe(1000);
    expect(info.data).toMatchObject({
      delivery: 'delivered',
      partnerState: 'completed',
      failureReason: null,
    });
    expect(info.data.iccids).toHaveLength(12);
    expect(await boundTo(s.t, orderId)).toHaveLength(12);
  });

  it('of a bulk top-up is topped up alone: every card gets the package exactly once', async () => {
    const fleetOrder = await batch(s, 3);
    expect(await payOrder(s.t, fleetOrder.orderId)).toBe(true);
    await drainJobs(s.t);
    fleet = await boundTo(s.t, fleetOrder.orderId);
    const { orderId, lineId, iccids } = await bulkTopUp(s);
    expect(iccids.length).toBeGreaterThanOrEqual(3);
    const before = new Map(await Promise.all(iccids.map(async (i) => [i, await cardBytes(s.t, i)] as const)));
    const atPartner = new Map(iccids.map((i) => [i, partnerBytes(s.rig, i)]));
    await payUnder(s, orderId, { failReferences: [`line-${lineId}.p1`] });
    const stuck = await deliveryOf(s.t, lineId);
    expect(stuck.state).toBe('stuck');

    const res = await retry(s, Number(stuck.id));
    expect(res.code, res.message).toBe(1000);
    expect(res.data.state).toBe('delivered');
    for (const iccid of iccids) {
      expect(partnerBytes(s.rig, iccid)).toBe(defined(atPartner.get(iccid)) + GB);
      expect(await cardBytes(s.t, iccid)).toBe(defined(before.get(iccid)) + GB);
    }
    expect(partnerOrders(s.rig, lineId).filter((o) => o.status === 'COMPLETED')).toHaveLength(iccids.length);
    const notices = await s.t.ctx.db
      .selectFrom('sim_notice')
      .select('iccid')
      .where('kind', '=', 'topup_done')
      .where('iccid', 'in', iccids)
      .execute();
    expect(notices.map((n) => n.iccid).sort()).toEqual([...iccids].sort());
  });

  it('refunding a bulk top-up still under way cancels every card’s top-up at the partner', async () => {
    const { orderId, lineId, iccids } = await bulkTopUp(s);
    expect(iccids).toEqual(expect.arrayContaining(fleet));
    s.rig.sim.setFaults({ delayOrdersMs: 600_000 });
    expect(await payOrder(s.t, orderId)).toBe(true);
    await drainJobs(s.t);
    s.rig.sim.resetFaults();
    expect((await deliveryOf(s.t, lineId)).state).toBe('delivering');
    expect(partnerOrders(s.rig, lineId).map((o) => o.status)).toEqual(iccids.map(() => 'PENDING'));
    const asked = await call(s.t.app, 'POST', 'app/order/info/refund', {
      token: s.owner.token,
      body: { id: orderId, reason: 'quality', description: 'trip cancelled' },
    });
    expect(asked.code, asked.message).toBe(1000);
    const res = await call(s.t.app, 'POST', 'admin/order/info/refund/approve', {
      token: s.ops.token,
      body: { id: orderId },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.status).toBe(6);
    expect(partnerOrders(s.rig, lineId).map((o) => o.status)).toEqual(iccids.map(() => 'CANCELLED'));
    expect((await deliveryOf(s.t, lineId)).state).toBe('cancelled');
  });

  it('refuses to refund without a reason a bulk top-up of which a card was topped up', async () => {
    const { orderId, lineId } = await bulkTopUp(s);
    await payUnder(s, orderId, { failReferences: [`line-${lineId}.p1`] });
    expect((await deliveryOf(s.t, lineId)).state).toBe('stuck');
    const asked = await call(s.t.app, 'POST', 'app/order/info/refund', {
      token: s.owner.token,
      body: { id: orderId, reason: 'quality', description: 'one card failed' },
    });
    expect(asked.code, asked.message).toBe(1000);
    const statuses = () => partnerOrders(s.rig, lineId).map((o) => o.status);
    const before = statuses();
    const refused = await call(s.t.app, 'POST', 'admin/order/info/refund/approve', {
      token: s.ops.token,
      body: { id: orderId },
      language: 'zh-Hant',
    });
    expect(refused.code).toBe(5013);
    expect(refused.message).toMatch(/[\u4e00-\u9fff]/);
    expect(statuses()).toEqual(before);
    expect((await deliveryOf(s.t, lineId)).state).toBe('stuck');
  });
});

describe('a late word about a part a retry replaced', () => {
  let s: Shop;
  beforeAll(async () => {
    s = await shop({ completeAfterMs: 5 });
  });
  afterAll(() => s.close());

  it('changes nothing: the line waits for the retried part and then delivers', async () => {
    const { orderId, lineId } = await batch(s, 12);
    await payUnder(s, orderId, { failReferences: [`line-${lineId}.p1`] }, true);
    const stuck = await deliveryOf(s.t, lineId);
    expect(stuck.state).toBe('stuck');
    // the retried part completes two seconds after it is ordered
    s.rig.sim.setFaults({ delayOrdersMs: 2_000 });
    const res = await retry(s, Number(stuck.id));
    expect(res.code, res.message).toBe(1000);
    expect(res.data.state).toBe('delivering');
    s.rig.sim.resetFaults();
    // meanwhile the partner's failure of the replaced part arrives again (a webhook redelivered late)
    const failed = defined(await s.rig.partner.order(`line-${lineId}.p1`));
    expect(failed.state).toBe('failed');
    expect(await applyPartnerOrder(s.t.ctx, failed)).toBe(false);
    expect((await deliveryOf(s.t, lineId)).state).toBe('delivering');
    // the retried part's completion (its webhook) delivers the whole line
    await s.rig.sim.settled();
    expect((await deliveryOf(s.t, lineId)).state).toBe('delivered');
    expect(await boundTo(s.t, orderId)).toHaveLength(12);
  });
});
