import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { ownAnswers } from '../../platform/answer-cache';
import { addressOf, buyNow, physicalGoods, type Buyer } from './order.fixtures';

/**
 * The buyer's order page is kept per revision of their orders (issue 14). The revision is the database's
 * (triggers on the order tables): these tests change orders straight in the database, as any writer could,
 * and expect the next page to show it, on both engines.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0' } });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const page = async (buyer: Buyer, body: Record<string, unknown> = {}) => {
  const r = await call(t.app, 'POST', 'app/order/info/page', {
    token: buyer.token,
    body: { page: 1, size: 10, ...body },
  });
  expect(r.code).toBe(1000);
  return r.data as { list: any[]; pagination: { total: number } };
};

describe('a kept order page', () => {
  it('is answered from memory until an order, a line or a refund changes, whoever changes it', async () => {
    const g = await physicalGoods(t, { stock: 20 });
    const buyer = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const made = await buyNow(t, buyer, g.specIds[0]!, { addressId: await addressOf(t, buyer) });
    expect(made.code).toBe(1000);
    const id = Number(made.data.id);
    const first = await page(buyer);
    expect(first.list.map((o) => o.id)).toEqual([id]);
    const cache = ownAnswers(t.ctx);
    const hits = cache.hits;
    expect(await page(buyer)).toEqual(first);
    expect(cache.hits).toBe(hits + 1);
    // another buyer's page is their own
    expect((await page(other)).list).toEqual([]);

    // the order row
    await t.ctx.db
      .updateTable('shop_order')
      .set({ note: 'changed behind the app' })
      .where('id', '=', id)
      .execute();
    expect((await page(buyer)).list[0].note).toBe('changed behind the app');
    // a line (a review written)
    await t.ctx.db
      .updateTable('order_line')
      .set({ comment_id: 999_999 })
      .where('order_id', '=', id)
      .execute();
    expect((await page(buyer)).list[0].lines[0].commented).toBe(true);
    // a refund request
    await t.ctx.db
      .insertInto('order_refund')
      .values({
        order_id: id,
        from_status: ORDER_STATUS.PENDING_SHIPMENT,
        state: 'requested',
        reason: 'changed my mind',
        description: '',
        pictures: '[]',
        amount: 1,
        requested_amount: null,
        provider_state: null,
        provider_ref: null,
        reject_reason: null,
        admin_id: null,
        requested_at: Date.now(),
        decided_at: null,
      })
      .execute();
    expect((await page(buyer)).list[0].refund).toMatchObject({
      reason: 'changed my mind',
      state: 'requested',
    });
    // a tab and a language are pages of their own
    expect((await page(buyer, { tab: 'pendingReview' })).list).toEqual([]);
    const zh = await call(t.app, 'POST', 'app/order/info/page', {
      token: buyer.token,
      language: 'zh-Hans',
      body: { page: 1, size: 10 },
    });
    expect(zh.data.list[0].id).toBe(id);
  });

  it('stops being kept when an order on it can no longer be paid', async () => {
    const g = await physicalGoods(t, { stock: 20 });
    const buyer = await createUser(t.ctx);
    const made = await buyNow(t, buyer, g.specIds[0]!, { addressId: await addressOf(t, buyer) });
    const deadline = Date.parse(made.data.payDeadline);
    expect((await page(buyer)).list[0].actions.pay).toBe(true);
    // nothing changed in the database, only the clock passed the deadline
    vi.useFakeTimers({ toFake: ['Date'], now: deadline + 1 });
    expect((await page(buyer)).list[0].actions.pay).toBe(false);
    vi.useRealTimers();
  });
});
