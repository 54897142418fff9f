import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture, goodsTypeFixture } from '../cart/cart.fixtures';
import {
  applicableCoupons,
  computeCouponDiscount,
  priceUserCoupon,
  returnCoupon,
  useCoupon,
  type CouponRule,
} from './coupon.service';

let t: TestApp;
let operatorToken: string;
let supportToken: string;
beforeAll(async () => {
  t = await createTestApp();
  operatorToken = await operator('catalogue');
  supportToken = await operator('support');
});
afterAll(async () => t.close());

let opSeq = 0;
async function operator(role: 'catalogue' | 'support') {
  opSeq += 1;
  const row = await t.ctx.db
    .insertInto('admin_user')
    .values({
      username: `coupon-${role}-${opSeq}`,
      name: role,
      password_hash: 'x',
      role,
      status: 1,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await t.ctx.tokens.issue('admin', row.id)).token;
}

const DAY = 24 * 60 * 60_000;
const window = (fromDays = -1, toDays = 30) => ({
  startsAt: new Date(Date.now() + fromDays * DAY).toISOString(),
  endsAt: new Date(Date.now() + toDays * DAY).toISOString(),
});

let couponSeq = 0;
async function addCoupon(over: Record<string, unknown> = {}, token = operatorToken) {
  couponSeq += 1;
  const res = await call(t.app, 'POST', 'admin/market/coupon/add', {
    token,
    body: {
      texts: { en: { title: `Coupon ${couponSeq}` }, 'zh-Hant': { title: `優惠券 ${couponSeq}` } },
      kind: 'amount',
      amount: 5_000,
      minAmount: 30_000,
      total: 100,
      ...window(),
      ...over,
    },
  });
  return res;
}
const newCoupon = async (over: Record<string, unknown> = {}) => {
  const res = await addCoupon(over);
  expect(res.code, res.message).toBe(1000);
  return res.data.id as number;
};

const receive = (token: string, couponId: number) =>
  call(t.app, 'POST', 'app/market/coupon/user/receive', { token, body: { couponId } });
const shopper = async () => (await createUser(t.ctx)).token;

describe('discount rules', () => {
  const base: CouponRule = {
    kind: 'amount',
    amount: 5_000,
    percent: null,
    maxDiscount: null,
    minAmount: 30_000,
    scope: 'all',
    goodsIds: [],
    typeIds: [],
  };
  const lines = [
    { goodsId: 1, typeId: 10, amount: 20_000 },
    { goodsId: 2, typeId: 11, amount: 15_000 },
  ];

  it('takes a fixed amount off once the eligible goods reach the threshold', () => {
    expect(computeCouponDiscount(base, lines, 1)).toEqual({ eligibleAmount: 35_000, discount: 5_000 });
    expect(computeCouponDiscount(base, lines.slice(0, 1), 1)).toEqual({
      eligibleAmount: 20_000,
      discount: 0,
    });
    expect(computeCouponDiscount({ ...base, amount: 90_000, minAmount: 0 }, lines, 1).discount).toBe(35_000);
  });

  it('takes a percentage off, rounded down and capped', () => {
    const pct: CouponRule = {
      ...base,
      kind: 'percent',
      amount: null,
      percent: 15,
      maxDiscount: 4_000,
      minAmount: 0,
    };
    expect(
      computeCouponDiscount({ ...pct, maxDiscount: null }, [{ goodsId: 1, typeId: 1, amount: 9_999 }], 1)
        .discount,
    ).toBe(1_499);
    expect(computeCouponDiscount(pct, lines, 1).discount).toBe(4_000);
  });

  it('counts only the goods or types in scope', () => {
    expect(
      computeCouponDiscount({ ...base, scope: 'goods', goodsIds: [2], minAmount: 10_000 }, lines, 1),
    ).toEqual({ eligibleAmount: 15_000, discount: 5_000 });
    expect(
      computeCouponDiscount({ ...base, scope: 'type', typeIds: [10], minAmount: 25_000 }, lines, 1),
    ).toEqual({ eligibleAmount: 20_000, discount: 0 });
    expect(computeCouponDiscount({ ...base, scope: 'goods', goodsIds: [99] }, lines, 1).discount).toBe(0);
  });
});

describe('coupons on offer', () => {
  it('lists enabled coupons that are not over, with what the caller holds', async () => {
    const shown = await newCoupon({ perUserLimit: 2 });
    const disabled = await newCoupon({ status: 0 });
    const over = await newCoupon(window(-10, -1));
    const token = await shopper();
    await receive(token, shown);
    const page = await call(t.app, 'POST', 'app/market/coupon/info/page', {
      token,
      body: { page: 1, size: 100 },
    });
    const ids = page.data.list.map((c: { id: number }) => c.id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(disabled);
    expect(ids).not.toContain(over);
    expect(page.data.list.find((c: { id: number }) => c.id === shown)).toMatchObject({
      title: `Coupon ${couponSeq - 2}`,
      kind: 'amount',
      amount: 5_000,
      minAmount: 30_000,
      received: 1,
      canReceive: true,
      remaining: 99,
      currency: 'TWD',
    });
    const anonymous = await call(t.app, 'POST', 'app/market/coupon/info/page', {
      body: { page: 1, size: 100 },
    });
    expect(anonymous.data.list.find((c: { id: number }) => c.id === shown).received).toBe(0);
    // the demo shop offers its seeded coupons too
    expect(anonymous.data.pagination.total).toBeGreaterThanOrEqual(4);
  });

  it('narrows the offer to coupons usable on a goods', async () => {
    const g = await goodsFixture(t.ctx);
    const other = await goodsFixture(t.ctx);
    const forGoods = await newCoupon({ scope: 'goods', goodsIds: [g.goodsId] });
    const forType = await newCoupon({ scope: 'type', typeIds: [g.typeId] });
    const forOther = await newCoupon({ scope: 'goods', goodsIds: [other.goodsId] });
    const res = await call(t.app, 'POST', 'app/market/coupon/info/page', {
      body: { page: 1, size: 100, goodsId: g.goodsId },
    });
    const ids = res.data.list.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([forGoods, forType]));
    expect(ids).not.toContain(forOther);
  });
});

describe('receiving', () => {
  it('gives a coupon within the per-user limit and says why not otherwise', async () => {
    const token = await shopper();
    const id = await newCoupon({ perUserLimit: 1 });
    const res = await receive(token, id);
    expect(res.data).toMatchObject({
      couponId: id,
      status: 0,
      state: 'unused',
      expired: false,
      usableNow: true,
      coupon: { id, amount: 5_000 },
    });
    const again = await receive(token, id);
    expect(again).toMatchObject({
      code: 4022,
      message: 'You already have this coupon (at most 1 per person)',
    });
    expect((await receive(token, await newCoupon({ status: 0 }))).code).toBe(4020);
    expect((await receive(token, await newCoupon(window(-5, -1)))).code).toBe(4023);
    expect((await receive(token, 999_999)).code).toBe(1002);
    const single = await newCoupon({ total: 1 });
    expect((await receive(await shopper(), single)).code).toBe(1000);
    const gone = await call(t.app, 'POST', 'app/market/coupon/user/receive', {
      token,
      body: { couponId: single },
      language: 'zh-Hans',
    });
    expect(gone).toMatchObject({ code: 4021, message: '该优惠券已被领完' });
    expect(
      (await call(t.app, 'POST', 'app/market/coupon/user/receive', { token, body: { couponId: 'x' } })).code,
    ).toBe(1001);
  });

  it('hands out exactly what is left when 50 shoppers receive at once', async () => {
    const id = await newCoupon({ total: 10 });
    const tokens = await Promise.all(Array.from({ length: 50 }, () => shopper()));
    const results = await Promise.all(tokens.map((token) => receive(token, id)));
    expect(results.filter((r) => r.code === 1000)).toHaveLength(10);
    expect(results.filter((r) => r.code === 4021)).toHaveLength(40);
    const row = await t.ctx.db
      .selectFrom('coupon_info')
      .select('remaining')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.remaining).toBe(0);
    const held = await t.ctx.db.selectFrom('coupon_user').select('id').where('coupon_id', '=', id).execute();
    expect(held).toHaveLength(10);
  });

  it('keeps one shopper to the per-user limit when they receive many times at once', async () => {
    const id = await newCoupon({ perUserLimit: 3, total: 100 });
    const token = await shopper();
    const results = await Promise.all(Array.from({ length: 12 }, () => receive(token, id)));
    expect(results.filter((r) => r.code === 1000)).toHaveLength(3);
    expect(results.filter((r) => r.code === 4022)).toHaveLength(9);
    const row = await t.ctx.db
      .selectFrom('coupon_info')
      .select('remaining')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.remaining).toBe(97);
  });
});

describe("the user's coupons", () => {
  it('sorts them into unused, used and expired tabs', async () => {
    const user = await createUser(t.ctx);
    const unused = (await receive(user.token, await newCoupon())).data.id;
    const toUse = (await receive(user.token, await newCoupon())).data.id;
    const expiringCoupon = await newCoupon();
    const toExpire = (await receive(user.token, expiringCoupon)).data.id;
    await t.ctx.db.transaction().execute((trx) => useCoupon(trx, toUse, 4242, { userId: user.id }));
    await t.ctx.db
      .updateTable('coupon_info')
      .set({ ends_at: Date.now() - 1_000 })
      .where('id', '=', expiringCoupon)
      .execute();
    const tab = async (state: string) =>
      (
        await call(t.app, 'POST', 'app/market/coupon/user/list', { token: user.token, body: { state } })
      ).data.map((c: { id: number }) => c.id);
    expect(await tab('unused')).toEqual([unused]);
    expect(await tab('used')).toEqual([toUse]);
    expect(await tab('expired')).toEqual([toExpire]);
    const used = await call(t.app, 'GET', 'app/market/coupon/user/info', {
      token: user.token,
      query: { id: String(toUse) },
    });
    expect(used.data).toMatchObject({ status: 1, state: 'used', orderId: 4242, usableNow: false });
    const expired = await call(t.app, 'GET', 'app/market/coupon/user/info', {
      token: user.token,
      query: { id: String(toExpire) },
    });
    expect(expired.data).toMatchObject({ status: 0, expired: true, state: 'expired' });
    const byStatus = await call(t.app, 'POST', 'app/market/coupon/user/page', {
      token: user.token,
      body: { status: 0, page: 1, size: 10 },
    });
    expect(byStatus.data.pagination.total).toBe(2);
  });

  it('hides coupons from the list without giving another one', async () => {
    const token = await shopper();
    const couponId = await newCoupon({ perUserLimit: 1 });
    const mine = (await receive(token, couponId)).data.id;
    expect(
      (await call(t.app, 'POST', 'app/market/coupon/user/delete', { token, body: { ids: [mine] } })).data,
    ).toEqual({ deleted: 1 });
    expect((await call(t.app, 'POST', 'app/market/coupon/user/list', { token, body: {} })).data).toEqual([]);
    expect((await receive(token, couponId)).code).toBe(4022);
  });

  it("lets nobody read or hide another user's coupon, answering NOT_FOUND", async () => {
    const alice = await shopper();
    const bob = await createUser(t.ctx);
    const mine = (await receive(alice, await newCoupon())).data.id;
    expect(
      (
        await call(t.app, 'GET', 'app/market/coupon/user/info', {
          token: bob.token,
          query: { id: String(mine) },
        })
      ).code,
    ).toBe(1002);
    expect(
      (
        await call(t.app, 'POST', 'app/market/coupon/user/delete', {
          token: bob.token,
          body: { ids: [mine] },
        })
      ).code,
    ).toBe(1002);
    expect(
      (await call(t.app, 'POST', 'app/market/coupon/user/list', { token: bob.token, body: {} })).data,
    ).toEqual([]);
    await expect(
      priceUserCoupon(t.ctx.db, bob.id, mine, [{ goodsId: 1, typeId: 1, amount: 100_000 }], 100),
    ).rejects.toMatchObject({ codeName: 'NOT_FOUND' });
    await expect(
      t.ctx.db.transaction().execute((trx) => useCoupon(trx, mine, 1, { userId: bob.id })),
    ).rejects.toMatchObject({
      codeName: 'COUPON_NOT_USABLE',
    });
    expect(
      (await call(t.app, 'GET', 'app/market/coupon/user/info', { token: alice, query: { id: String(mine) } }))
        .data.state,
    ).toBe('unused');
  });
});

describe('checkout functions for the orders issue', () => {
  it('lists the usable coupons best first, prices one, uses it once and gives it back once', async () => {
    const user = await createUser(t.ctx);
    const parent = await goodsTypeFixture(t.ctx);
    const child = await goodsTypeFixture(t.ctx, parent);
    const g = await goodsFixture(t.ctx, { typeId: child, specs: [{ price: 40_000, stock: 5 }] });
    const small = (await receive(user.token, await newCoupon({ amount: 1_000, minAmount: 0 }))).data.id;
    const big = (
      await receive(
        user.token,
        await newCoupon({
          kind: 'percent',
          amount: null,
          percent: 20,
          maxDiscount: 6_000,
          scope: 'type',
          typeIds: [parent],
        }),
      )
    ).data.id;
    const notYet = (
      await receive(user.token, await newCoupon({ amount: 9_000, minAmount: 0, ...window(2, 10) }))
    ).data.id;
    const elsewhere = (await receive(user.token, await newCoupon({ scope: 'goods', goodsIds: [999_999] })))
      .data.id;
    const lines = [{ goodsId: g.goodsId, typeId: child, amount: 40_000 }];
    const list = await applicableCoupons(t.ctx, user.id, lines, 'en');
    expect(list.map((c) => [c.userCoupon.id, c.discount])).toEqual([
      [big, 6_000],
      [small, 1_000],
    ]);
    expect(list.map((c) => c.userCoupon.id)).not.toContain(notYet);
    await expect(priceUserCoupon(t.ctx.db, user.id, notYet, lines, 100)).rejects.toMatchObject({
      codeName: 'COUPON_NOT_USABLE',
    });
    await expect(priceUserCoupon(t.ctx.db, user.id, elsewhere, lines, 100)).rejects.toMatchObject({
      codeName: 'COUPON_NOT_APPLICABLE',
    });
    expect(await priceUserCoupon(t.ctx.db, user.id, big, lines, 100)).toMatchObject({
      discount: 6_000,
      eligibleAmount: 40_000,
    });

    await t.ctx.db.transaction().execute((trx) => useCoupon(trx, big, 77, { userId: user.id }));
    await expect(
      t.ctx.db.transaction().execute((trx) => useCoupon(trx, big, 78, { userId: user.id })),
    ).rejects.toMatchObject({
      codeName: 'COUPON_NOT_USABLE',
    });
    expect((await applicableCoupons(t.ctx, user.id, lines, 'en')).map((c) => c.userCoupon.id)).toEqual([
      small,
    ]);
    expect(await t.ctx.db.transaction().execute((trx) => returnCoupon(trx, big, 78))).toBe(false);
    expect(await t.ctx.db.transaction().execute((trx) => returnCoupon(trx, big, 77))).toBe(true);
    expect(await t.ctx.db.transaction().execute((trx) => returnCoupon(trx, big))).toBe(false);
    expect((await applicableCoupons(t.ctx, user.id, lines, 'en'))[0]!.userCoupon).toMatchObject({
      id: big,
      state: 'unused',
      orderId: null,
    });
  });

  it('lets exactly one of two concurrent orders use a coupon', async () => {
    const user = await createUser(t.ctx);
    const id = (await receive(user.token, await newCoupon())).data.id;
    const results = await Promise.allSettled(
      [1, 2, 3].map((orderId) =>
        t.ctx.db.transaction().execute((trx) => useCoupon(trx, id, orderId, { userId: user.id })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('operator calls', () => {
  it('checks the terms of a new coupon', async () => {
    const noAmount = await addCoupon({ amount: null });
    expect(noAmount).toMatchObject({ code: 1001 });
    expect(noAmount.data.field).toBe('amount');
    const noPercent = await addCoupon({ kind: 'percent', amount: null });
    expect(noPercent.data.field).toBe('percent');
    expect((await addCoupon({ percent: 150, kind: 'percent' })).data.field).toBe('percent');
    expect((await addCoupon({ scope: 'goods' })).data.field).toBe('goodsIds');
    expect((await addCoupon(window(5, 1))).data.field).toBe('endsAt');
    expect((await addCoupon({ texts: {} })).code).toBe(1001);
  });

  it('lets catalogue operators add, change and delete coupons, and keeps support staff out', async () => {
    expect((await addCoupon({}, supportToken)).code).toBe(2028);
    const id = await newCoupon({ total: 3 });
    await receive(await shopper(), id);
    await receive(await shopper(), id);
    const low = await call(t.app, 'POST', 'admin/market/coupon/update', {
      token: operatorToken,
      body: { id, total: 1 },
    });
    expect(low).toMatchObject({
      code: 4026,
      message: 'The total cannot be less than the 2 already received',
    });
    const more = await call(t.app, 'POST', 'admin/market/coupon/update', {
      token: operatorToken,
      body: { id, total: 10, texts: { en: { title: 'Renamed' } }, perUserLimit: 2 },
    });
    expect(more.data).toMatchObject({
      total: 10,
      remaining: 8,
      title: 'Renamed',
      perUserLimit: 2,
      receivedCount: 2,
      usedCount: 0,
    });
    const badEnd = await call(t.app, 'POST', 'admin/market/coupon/update', {
      token: operatorToken,
      body: { id, endsAt: new Date(Date.now() - 30 * DAY).toISOString() },
    });
    expect(badEnd.code).toBe(4027);
    const page = await call(t.app, 'POST', 'admin/market/coupon/page', {
      token: operatorToken,
      body: { page: 1, size: 100 },
    });
    expect(page.data.list.some((c: { id: number }) => c.id === id)).toBe(true);
    // coupons are the catalogue's: support staff neither read nor change them (platform/roles.ts)
    const supportPage = await call(t.app, 'POST', 'admin/market/coupon/page', {
      token: supportToken,
      body: { page: 1, size: 100 },
    });
    expect(supportPage.code).toBe(2028);
    expect(
      (
        await call(t.app, 'GET', 'admin/market/coupon/info', {
          token: operatorToken,
          query: { id: String(id) },
        })
      ).data.id,
    ).toBe(id);
    expect(
      (await call(t.app, 'POST', 'admin/market/coupon/delete', { token: supportToken, body: { ids: [id] } }))
        .code,
    ).toBe(2028);
    expect(
      (await call(t.app, 'POST', 'admin/market/coupon/delete', { token: operatorToken, body: { ids: [id] } }))
        .data,
    ).toEqual({ count: 1 });
    const offer = await call(t.app, 'POST', 'app/market/coupon/info/page', { body: { page: 1, size: 100 } });
    expect(offer.data.list.some((c: { id: number }) => c.id === id)).toBe(false);
    expect((await receive(await shopper(), id)).code).toBe(1002);
    const user = await shopper();
    expect((await call(t.app, 'POST', 'admin/market/coupon/page', { token: user, body: {} })).status).toBe(
      401,
    );
  });
});
