import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { addressOf, buyNow, payOrder, physicalGoods, type Buyer } from './order.fixtures';

/**
 * Every writer of an order log entry stores what it says as data (contracts orderLogNote: kind and params),
 * never prose; the order's log answers it so; an entry written before notes were structured still answers
 * its text. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let op: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0', PAY_RECONCILE_SECONDS: '0' } });
  op = await createOperator(t.ctx, 'owner');
});
afterAll(async () => t.close());

/** The stored note of each of the order's log entries, oldest first: [action, kind, params]. */
const storedNotes = async (orderId: number) =>
  (
    await t.ctx.db
      .selectFrom('order_log')
      .select(['action', 'note', 'note_kind', 'note_params'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((r) => {
    // a structured note leaves the free-text column empty
    expect(r.note).toBeNull();
    return [r.action, r.note_kind, r.note_params === null ? null : JSON.parse(r.note_params)];
  });
const adminLog = async (orderId: number) =>
  (await call(t.app, 'GET', 'admin/order/info/info', { token: op.token, query: { id: String(orderId) } }))
    .data.log as { action: string; note: unknown }[];
const opCall = (path: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `admin/order/info/${path}`, { token: op.token, body });
const buyerCall = (buyer: Buyer, path: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `app/order/info/${path}`, { token: buyer.token, body });
const attemptOf = async (orderId: number, channel: string) =>
  (
    await t.ctx.db
      .selectFrom('payment_attempt')
      .select('attempt_no')
      .where('order_id', '=', orderId)
      .where('channel', '=', channel)
      .executeTakeFirstOrThrow()
  ).attempt_no;

/** A buyer's unpaid order of one physical SIM (NT$200 plus NT$80 freight), shipped to an address. */
async function physicalOrder() {
  const buyer = await createUser(t.ctx);
  const addressId = await addressOf(t, buyer);
  const sim = await physicalGoods(t, { stock: 10 });
  const res = await buyNow(t, buyer, sim.specIds[0]!, { addressId });
  expect(res.code, res.message).toBe(1000);
  return { buyer, addressId, id: res.data.id as number };
}

describe('structured order log notes', () => {
  it('the buyer, the payment and the operator each store their note as kind and params', async () => {
    const { buyer, id } = await physicalOrder();
    const other = await addressOf(t, buyer, '99 Harbor Rd');
    expect((await buyerCall(buyer, 'update', { id, addressId: other })).code).toBe(1000);
    expect((await buyerCall(buyer, 'update', { id, note: 'leave at door' })).code).toBe(1000);
    expect(await payOrder(t, id, 'wechat')).toBe(true);
    const attempt = await attemptOf(id, 'wechat');
    const shipped = await opCall('ship', { id, carrier: 'Chunghwa Post', trackingNo: 'CP12345678TW' });
    expect(shipped.code, shipped.message).toBe(1000);
    expect((await buyerCall(buyer, 'refund', { id, reason: 'quality', description: 'Scratched' })).code).toBe(
      1000,
    );
    const rejected = await opCall('refund/reject', { id, reason: 'Please return the card first' });
    expect(rejected.code, rejected.message).toBe(1000);
    expect((await buyerCall(buyer, 'refund', { id, reason: 'no_longer_needed' })).code).toBe(1000);
    const approved = await opCall('refund/approve', { id, amount: 100, reason: 'kept the case' });
    expect(approved.code, approved.message).toBe(1000);

    const expected = [
      ['create', null, null],
      ['update', 'changed', { field: 'address' }],
      ['update', 'changed', { field: 'note' }],
      ['pay', 'paid', { way: 'wechat', attempt }],
      ['ship', 'shipped', { carrier: 'Chunghwa Post', trackingNo: 'CP12345678TW' }],
      ['refund', 'refund_requested', { reason: 'quality' }],
      ['refund_reject', 'refund_rejected', { reason: 'Please return the card first' }],
      ['refund', 'refund_requested', { reason: 'no_longer_needed' }],
      [
        'refund_approve',
        'refund_approved',
        { amount: 100, asked: 28_000, currency: 'TWD', installed: [], reason: 'kept the case' },
      ],
    ];
    expect(await storedNotes(id)).toEqual(expected);
    // the console reads them as they are stored
    expect(await adminLog(id)).toMatchObject(
      expected.map(([action, kind, params]) => ({ action, note: kind === null ? null : { kind, params } })),
    );
  });

  it('a payment by the wallet names the wallet and its attempt', async () => {
    const buyer = await createUser(t.ctx);
    const plan = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 5 }] });
    const id = (await buyNow(t, buyer, plan.specIds[0]!)).data.id as number;
    expect(await payOrder(t, id)).toBe(true);
    const attempt = await attemptOf(id, 'wallet');
    expect((await storedNotes(id)).find(([action]) => action === 'pay')).toEqual([
      'pay',
      'paid',
      { way: 'wallet', attempt },
    ]);
  });

  it('money arriving after the deadline is logged on the closed order with its attempt', async () => {
    const { id } = await physicalOrder();
    await t.ctx.db.updateTable('shop_order').set({ pay_deadline: 1 }).where('id', '=', id).execute();
    expect(await payOrder(t, id, 'tappay')).toBe(false);
    const attempt = await attemptOf(id, 'tappay');
    expect(await storedNotes(id)).toEqual([
      ['create', null, null],
      ['expire', null, null],
      ['late_payment', 'paid', { way: 'tappay', attempt }],
    ]);
  });

  it('an entry written before notes were structured still answers its text', async () => {
    const { buyer, id } = await physicalOrder();
    await t.ctx.db
      .insertInto('order_log')
      .values({
        order_id: id,
        from_status: 0,
        to_status: 0,
        action: 'pay',
        actor: 'system',
        actor_id: null,
        note: 'wallet 202611288245105817P1',
        note_kind: null,
        note_params: null,
        created_at: Date.now(),
      })
      .execute();
    const old = { kind: 'text', params: { text: 'wallet 202611288245105817P1' } };
    expect((await adminLog(id)).at(-1)?.note).toEqual(old);
    const mine = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(id) },
    });
    expect(mine.data.log.at(-1).note).toEqual(old);
  });
});
