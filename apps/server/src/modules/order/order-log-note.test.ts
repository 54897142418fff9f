import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { structureOldNotes } from '../../db/migrations/0270_order_log_note';
import { addressOf, buyNow, payOrder, physicalOrder as physicalOrderOf, type Buyer } from './order.fixtures';

/**
 * Every writer of an order log entry stores what it says as data (contracts orderLogNote: kind and params),
 * never prose; the order's log answers it so. Entries written before notes were structured get theirs from
 * their text where it says one without doubt, and otherwise answer their text. Runs on SQLite, and on
 * PostgreSQL with DATABASE_URL.
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

const physicalOrder = () => physicalOrderOf(t);

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

  it('entries written before get their structured note where their text says it; the rest keep their text', async () => {
    const { buyer, id } = await physicalOrder();
    await t.ctx.db
      .updateTable('shop_order')
      .set({ carrier: 'Chunghwa Post', tracking_no: 'CP12345678TW' })
      .where('id', '=', id)
      .execute();
    // [action, the text the server wrote before 0270]
    const old: [string, string][] = [
      ['pay', 'wallet 202611288245105817P1'],
      ['late_payment', 'tappay 202611288245105817P2'],
      ['pay', 'cash on delivery'],
      ['update', 'address'],
      ['update', 'note'],
      ['ship', 'Chunghwa Post CP12345678TW'],
      ['ship', 'Black Cat 99'],
      ['refund', 'no_longer_needed'],
      ['refund_reject', 'Please return the card first'],
      ['refund_approve', 'partial 25.00 of 80.00 TWD'],
      ['refund_approve', 'installed eSIM 8988600000000000017 refunded: outage'],
    ];
    await t.ctx.db
      .insertInto('order_log')
      .values(
        old.map(([action, note]) => ({
          order_id: id,
          from_status: 0,
          to_status: 0,
          action,
          actor: 'system' as const,
          actor_id: null,
          note,
          note_kind: null,
          note_params: null,
          created_at: Date.now(),
        })),
      )
      .execute();
    await structureOldNotes(t.ctx.db);
    const text = (text: string) => ({ kind: 'text', params: { text } });
    const expected = [
      null, // create
      { kind: 'paid', params: { way: 'wallet', attempt: '202611288245105817P1' } },
      { kind: 'paid', params: { way: 'tappay', attempt: '202611288245105817P2' } },
      text('cash on delivery'),
      { kind: 'changed', params: { field: 'address' } },
      { kind: 'changed', params: { field: 'note' } },
      { kind: 'shipped', params: { carrier: 'Chunghwa Post', trackingNo: 'CP12345678TW' } },
      text('Black Cat 99'),
      { kind: 'refund_requested', params: { reason: 'no_longer_needed' } },
      { kind: 'refund_rejected', params: { reason: 'Please return the card first' } },
      {
        kind: 'refund_approved',
        params: { amount: 2_500, asked: 8_000, currency: 'TWD', installed: [], reason: null },
      },
      text('installed eSIM 8988600000000000017 refunded: outage'),
    ];
    expect((await adminLog(id)).map((e) => e.note)).toEqual(expected);
    const mine = await call(t.app, 'GET', 'app/order/info/info', {
      token: buyer.token,
      query: { id: String(id) },
    });
    expect(mine.data.log.map((e: { note: unknown }) => e.note)).toEqual(expected);
    // a second run changes nothing
    await structureOldNotes(t.ctx.db);
    expect((await adminLog(id)).map((e) => e.note)).toEqual(expected);
  });
});
