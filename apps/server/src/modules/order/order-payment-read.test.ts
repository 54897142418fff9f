import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, defined, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { AppError } from '../../platform/errors';
import { orderForPayment, orderForPaymentByNo } from './index';
import { addressOf, buyNow, physicalGoods } from './order.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SWEEP_SECONDS: '0' } });
});
afterAll(async () => t.close());

describe('the order as the payment core reads it', () => {
  it('gives amount, currency, status, deadline, pay way and lines, by id to its owner and by number', async () => {
    const buyer = await createUser(t.ctx);
    const g = await physicalGoods(t, { price: 20_000, freight: 8_000 });
    const res = await buyNow(t, buyer, defined(g.specIds[0], 'a spec'), {
      addressId: await addressOf(t, buyer),
    });
    expect(res.code, res.message).toBe(1000);

    const byId = await orderForPayment(t.ctx.db, buyer.id, res.data.id, 'en');
    expect(byId).toMatchObject({
      id: res.data.id,
      orderNo: res.data.orderNo,
      userId: buyer.id,
      status: 0,
      amount: res.data.totalAmount,
      currency: res.data.currency,
      payDeadline: Date.parse(res.data.payDeadline),
      payWay: 'wallet',
    });
    expect(byId.lines).toEqual([
      expect.objectContaining({ specId: g.specIds[0], quantity: 1, subtotal: 20_000, goodsType: 0 }),
    ]);
    expect(await orderForPaymentByNo(t.ctx.db, res.data.orderNo, 'en')).toEqual(byId);
    expect(await orderForPaymentByNo(t.ctx.db, 'no-such-order')).toBeNull();
  });

  it("answers NOT_FOUND for someone else's order", async () => {
    const buyer = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const g = await physicalGoods(t);
    const res = await buyNow(t, buyer, defined(g.specIds[0], 'a spec'), {
      addressId: await addressOf(t, buyer),
    });
    const err = await orderForPayment(t.ctx.db, other.id, res.data.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).codeName).toBe('NOT_FOUND');
  });
});
