import { expect } from 'vitest';
import crypto from 'node:crypto';
import type { TestApp } from '../../test/harness';
import { call } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { payOrderAsBuyer } from '../../flows/order-payment.fixtures';
import type { ChannelCode } from '../../providers/payments/channel';

export type Buyer = Awaited<ReturnType<typeof createUser>>;

/** A physical goods (mixable sale type `t-sim`) with a freight, and optionally a no-freight (pick-up) spec. */
export async function physicalGoods(
  t: TestApp,
  o: { price?: number; stock?: number; freight?: number; noFreight?: boolean } = {},
) {
  const g = await goodsFixture(t.ctx, {
    saleType: { code: 't-sim', goodsType: 0, canMixOrder: 1 },
    specs: [{ price: o.price ?? 20_000, stock: o.stock ?? 10 }],
  });
  await t.ctx.db
    .updateTable('goods')
    .set({ freight: o.freight ?? 8_000 })
    .where('id', '=', g.goodsId)
    .execute();
  if (o.noFreight)
    await t.ctx.db.updateTable('goods_spec').set({ no_freight: 1 }).where('id', '=', g.specIds[0]!).execute();
  return g;
}

/** A US address of the buyer's through the address call; returns its id. */
export async function addressOf(t: TestApp, buyer: Buyer, detail = '1 Market St') {
  const res = await call(t.app, 'POST', 'app/user/address/add', {
    token: buyer.token,
    body: { contact: 'Ann Buyer', phone: '+14155550123', country: 'US', region: 'CA', detail },
  });
  if (res.code !== 1000) throw new Error(res.message);
  return res.data.id as number;
}

/** Records an upload of the buyer's (as the upload call does) and returns its URL. */
export async function uploadOf(t: TestApp, buyer: Buyer) {
  const key = `2025-01/${crypto.randomBytes(12).toString('hex')}.png`;
  await t.ctx.db
    .insertInto('upload')
    .values({
      owner_kind: 'user',
      owner_id: buyer.id,
      file_key: key,
      mime: 'image/png',
      size: 10,
      created_at: Date.now(),
    })
    .execute();
  return `/uploads/${key}`;
}

/** Pays an order as a buyer would (flows/order-payment): from a funded wallet, or as `channel` notifies it. */
export const payOrder = (t: TestApp, orderId: number, channel?: ChannelCode) =>
  payOrderAsBuyer(t.ctx, orderId, channel);

export const stockOf = async (t: TestApp, specId: number) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('goods_spec')
        .select('stock')
        .where('id', '=', specId)
        .executeTakeFirstOrThrow()
    ).stock,
  );

export const orderStatusOf = async (t: TestApp, id: number) =>
  Number(
    (await t.ctx.db.selectFrom('shop_order').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status,
  );

/** A valid ICCID (Luhn) for card-number goods. */
export const ICCID = '8988603210987654328';

export const buyNow = (t: TestApp, buyer: Buyer, specId: number, body: Record<string, unknown> = {}) =>
  call(t.app, 'POST', 'app/order/info/create', {
    token: buyer.token,
    body: { buyNow: { specId, quantity: 1 }, payWay: 'wallet', ...body },
  });
/**
 * The buyer asks for the whole order back (reason "quality"), then an operator (`opsToken`) approves it;
 * answers the approval. Each step must succeed.
 */
export async function refundApproved(
  t: TestApp,
  buyer: Buyer,
  id: number,
  opsToken: string,
  o: { description?: string; amount?: number } = {},
) {
  const asked = await call(t.app, 'POST', 'app/order/info/refund', {
    token: buyer.token,
    body: { id, reason: 'quality', description: o.description ?? 'no signal' },
  });
  expect(asked.code, asked.message).toBe(1000);
  const ok = await call(t.app, 'POST', 'admin/order/info/refund/approve', {
    token: opsToken,
    body: o.amount === undefined ? { id } : { id, amount: o.amount },
  });
  expect(ok.code, ok.message).toBe(1000);
  return ok;
}

export { closeExpiredOrders } from './order.jobs';

/** A buyer with an address and an unpaid order of one physical SIM (stock 10, NT$200 plus NT$80 freight). */
export async function physicalOrder(t: TestApp) {
  const buyer = await createUser(t.ctx);
  const addressId = await addressOf(t, buyer);
  const sim = await physicalGoods(t, { stock: 10 });
  const res = await buyNow(t, buyer, sim.specIds[0]!, { addressId });
  expect(res.code, res.message).toBe(1000);
  return {
    buyer,
    addressId,
    specId: sim.specIds[0]!,
    goodsId: sim.goodsId,
    order: res.data,
    id: res.data.id as number,
  };
}
