import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from './cart.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const cart = (method: 'GET' | 'POST', path: string, token: string, body?: unknown, language = 'en') =>
  call(t.app, method, `app/user/cart/${path}`, { token, body, language });

async function shopper() {
  return (await createUser(t.ctx)).token;
}

describe('adding to the cart', () => {
  it('adds a new line with quantity 1, described and priced by the catalogue, whatever the app sends', async () => {
    const token = await shopper();
    const g = await goodsFixture(t.ctx, { specs: [{ price: 29_900, stock: 5 }], title: 'Japan 5 GB' });
    const res = await cart('POST', 'add', token, {
      specId: g.specIds[0],
      goodsInfo: { id: g.goodsId, title: 'Cheap', price: 1 },
      specInfo: { id: g.specIds[0], price: 1, stock: 999 },
    });
    expect(res.code).toBe(1000);
    expect(res.data.capped).toBe(false);
    expect(res.data.notice).toBeNull();
    expect(res.data.line).toMatchObject({
      quantity: 1,
      count: 1,
      checked: true,
      available: true,
      subtotal: 29_900,
      specInfo: { id: g.specIds[0], price: 29_900, stock: 5, currency: 'TWD' },
      goodsInfo: { id: g.goodsId, title: 'Japan 5 GB', goodsType: 1 },
      saleTypeInfo: { code: 't-esim', canMixOrder: 1 },
    });
    const list = await cart('GET', 'list', token);
    expect(list.data).toHaveLength(1);
    expect(list.data[0].specInfo.price).toBe(29_900);
  });

  it('raises the existing line on a second add, capped at the stock, and tells the buyer', async () => {
    const token = await shopper();
    const g = await goodsFixture(t.ctx, { specs: [{ price: 10_000, stock: 5 }] });
    const first = await cart('POST', 'add', token, { specId: g.specIds[0], quantity: 3 });
    expect(first.data.line.quantity).toBe(3);
    const second = await cart('POST', 'add', token, { specId: g.specIds[0], quantity: 4 }, 'zh-Hant');
    expect(second.code).toBe(1000);
    expect(second.data).toMatchObject({ capped: true, stock: 5, line: { quantity: 5 } });
    expect(second.data.notice).toContain('庫存僅剩 5 件');
    const list = await cart('GET', 'list', token);
    expect(list.data).toHaveLength(1);
    expect(list.data[0].quantity).toBe(5);
    const exact = await goodsFixture(t.ctx, { specs: [{ price: 100, stock: 2 }] });
    await cart('POST', 'add', token, { specId: exact.specIds[0] });
    const reached = await cart('POST', 'add', token, { specId: exact.specIds[0] });
    expect(reached.data).toMatchObject({ capped: false, line: { quantity: 2 } });
  });

  it('refuses a missing or hidden spec, goods off sale, a sold-out spec and goods data naming something else', async () => {
    const token = await shopper();
    expect((await cart('POST', 'add', token, { specId: 987_654 })).code).toBe(3003);
    const hidden = await goodsFixture(t.ctx, {
      specs: [
        { price: 100, stock: 3 },
        { price: 200, stock: 3 },
      ],
    });
    await t.ctx.db
      .updateTable('goods_spec')
      .set({ status: 0 })
      .where('id', '=', hidden.specIds[1]!)
      .execute();
    expect((await cart('POST', 'add', token, { specId: hidden.specIds[1] })).code).toBe(3003);
    const off = await goodsFixture(t.ctx, { onSale: 0 });
    expect((await cart('POST', 'add', token, { specId: off.specIds[0] })).code).toBe(3002);
    const soldOut = await goodsFixture(t.ctx, { specs: [{ price: 100, stock: 0 }] });
    const res = await cart('POST', 'add', token, { specId: soldOut.specIds[0] });
    expect(res.code).toBe(3004);
    const other = await goodsFixture(t.ctx);
    const mismatch = await cart('POST', 'add', token, {
      specId: hidden.specIds[0],
      goodsInfo: { id: other.goodsId },
    });
    expect(mismatch.code).toBe(4003);
    expect(mismatch.message).toMatch(/does not match/);
    const wrongSpec = await cart('POST', 'add', token, {
      specId: hidden.specIds[0],
      specInfo: { id: other.specIds[0] },
    });
    expect(wrongSpec.code).toBe(4003);
    expect((await cart('GET', 'list', token)).data).toEqual([]);
  });

  it('answers bad input with a clear validation message naming the field, never a 500', async () => {
    const token = await shopper();
    const cases: [string, unknown, RegExp][] = [
      ['add', {}, /Option/],
      ['add', { specId: 'abc' }, /Option/],
      ['add', { specId: 1, quantity: 0 }, /Quantity/],
      ['add', { specId: 1, quantity: -3 }, /Quantity/],
      ['add', { specId: 1, quantity: 1.5 }, /Quantity/],
      ['update', { id: 1 }, /Quantity/],
      ['update', { id: 1, quantity: 0 }, /Quantity/],
      ['batchRemove', { ids: [] }, /IDs: must have at least 1/],
      ['remove', { id: 'x' }, /^ID:/],
    ];
    for (const [path, body, field] of cases) {
      const res = await cart('POST', path, token, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(200);
      expect(res.code, `${path} ${JSON.stringify(body)}`).toBe(1001);
      expect(res.message).toMatch(field);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/app/user/cart/add',
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: '{"specId":',
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().code).toBe(1001);
  });

  it('ends 20 concurrent adds of one spec in one line no larger than the stock', async () => {
    const token = await shopper();
    const g = await goodsFixture(t.ctx, { specs: [{ price: 500, stock: 7 }] });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => cart('POST', 'add', token, { specId: g.specIds[0] })),
    );
    expect(results.every((r) => r.code === 1000)).toBe(true);
    const rows = await t.ctx.db
      .selectFrom('cart_item')
      .selectAll()
      .where('spec_id', '=', g.specIds[0]!)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quantity).toBe(7);
    expect(results.filter((r) => r.data.capped).length).toBe(13);
  });

  it('asks for a login', async () => {
    const res = await call(t.app, 'GET', 'app/user/cart/list');
    expect(res.status).toBe(401);
  });
});

describe('changing lines', () => {
  it('sets a quantity within 1..stock, caps one above it, and toggles the checked state', async () => {
    const token = await shopper();
    const g = await goodsFixture(t.ctx, { specs: [{ price: 1_000, stock: 4 }] });
    const { data } = await cart('POST', 'add', token, { specId: g.specIds[0] });
    const id = data.line.id;
    const two = await cart('POST', 'update', token, { id, quantity: 2 });
    expect(two.data).toMatchObject({ capped: false, line: { quantity: 2, subtotal: 2_000 } });
    const over = await cart('POST', 'update', token, { id, quantity: 9 });
    expect(over.data).toMatchObject({ capped: true, stock: 4, line: { quantity: 4 } });
    expect(over.data.notice).toMatch(/Only 4 left/);
    const unchecked = await cart('POST', 'update', token, { id, checked: false });
    expect(unchecked.data.line).toMatchObject({ checked: false, quantity: 4 });
    const summary = await cart('GET', 'summary', token);
    expect(summary.data).toMatchObject({ count: 1, checkedCount: 0, checkedAmount: 0, canCheckout: false });
    const all = await cart('POST', 'check', token, { checked: true });
    expect(all.data).toMatchObject({ checkedCount: 1, checkedAmount: 4_000, canCheckout: true });
  });

  it('refuses a new quantity once the goods went off sale, and leaves such a line out of the checkout answers', async () => {
    const token = await shopper();
    const g = await goodsFixture(t.ctx, { payWays: ['wallet'] });
    const { data } = await cart('POST', 'add', token, { specId: g.specIds[0] });
    await t.ctx.db.updateTable('goods').set({ on_sale: 0 }).where('id', '=', g.goodsId).execute();
    const res = await cart('POST', 'update', token, { id: data.line.id, quantity: 2 });
    expect(res.code).toBe(3002);
    const list = await cart('GET', 'list', token);
    expect(list.data[0]).toMatchObject({ available: false, unavailableReason: 'off_sale', checked: true });
    expect((await cart('GET', 'supportedPayMethods', token)).data).toEqual([]);
    expect((await cart('GET', 'summary', token)).data.canCheckout).toBe(false);
  });

  it('removes a line, the line of a spec, several lines, or everything, and counts what is left', async () => {
    const token = await shopper();
    const g = await goodsFixture(t.ctx, {
      specs: [
        { price: 100, stock: 9 },
        { price: 200, stock: 9 },
        { price: 300, stock: 9 },
        { price: 400, stock: 9 },
      ],
    });
    const ids: number[] = [];
    for (const specId of g.specIds)
      ids.push((await cart('POST', 'add', token, { specId, quantity: 2 })).data.line.id);
    expect((await cart('GET', 'count', token)).data).toEqual({ count: 4, quantity: 8 });
    expect((await cart('POST', 'remove', token, { id: ids[0] })).data).toEqual({ removed: 1 });
    expect((await cart('POST', 'remove', token, { id: ids[0] })).code).toBe(1002);
    expect((await cart('POST', 'removeBySpecId', token, { specId: g.specIds[1] })).data).toEqual({
      removed: 1,
    });
    expect((await cart('GET', 'count', token)).data).toEqual({ count: 2, quantity: 4 });
    expect((await cart('POST', 'batchRemove', token, { ids: [ids[2], ids[3]] })).data).toEqual({
      removed: 2,
    });
    await cart('POST', 'add', token, { specId: g.specIds[0] });
    const cleared = await cart('POST', 'clear', token);
    expect(cleared.data).toMatchObject({
      count: 0,
      checkedCount: 0,
      checkedAmount: 0,
      supportedPayMethods: [],
      supportPointDiscount: false,
      needFillCard: false,
      canCheckout: false,
    });
    expect((await cart('GET', 'count', token)).data).toEqual({ count: 0, quantity: 0 });
  });
});

describe('cart-level answers over the checked lines', () => {
  it('offers only the pay methods every checked line supports', async () => {
    const token = await shopper();
    const a = await goodsFixture(t.ctx, { payWays: ['wechat', 'alipay', 'wallet'] });
    const b = await goodsFixture(t.ctx, { payWays: ['alipay', 'wallet', 'tappay'] });
    const lineA = (await cart('POST', 'add', token, { specId: a.specIds[0] })).data.line;
    const lineB = (await cart('POST', 'add', token, { specId: b.specIds[0] })).data.line;
    expect(lineB.supportPayWays).toEqual(['alipay', 'tappay', 'wallet']);
    expect((await cart('GET', 'supportedPayMethods', token)).data).toEqual(['alipay', 'wallet']);
    await cart('POST', 'update', token, { id: lineB.id, checked: false });
    expect((await cart('GET', 'supportedPayMethods', token)).data).toEqual(['wechat', 'alipay', 'wallet']);
    await cart('POST', 'update', token, { id: lineA.id, checked: false });
    expect((await cart('GET', 'supportedPayMethods', token)).data).toEqual([]);
  });

  it('allows the points discount only when every checked line does, and asks for a card number when any line needs one', async () => {
    const token = await shopper();
    const points = await goodsFixture(t.ctx, { supportPointDiscount: 1 });
    const card = await goodsFixture(t.ctx, { needFillCard: 1, supportPointDiscount: 0 });
    expect((await cart('GET', 'checkPointDiscountSupport', token)).data).toBe(false);
    await cart('POST', 'add', token, { specId: points.specIds[0] });
    expect((await cart('GET', 'checkPointDiscountSupport', token)).data).toBe(true);
    expect((await cart('GET', 'checkNeedFillCard', token)).data).toBe(false);
    const cardLine = (await cart('POST', 'add', token, { specId: card.specIds[0] })).data.line;
    expect((await cart('GET', 'checkPointDiscountSupport', token)).data).toBe(false);
    expect((await cart('GET', 'checkNeedFillCard', token)).data).toBe(true);
    await cart('POST', 'update', token, { id: cardLine.id, checked: false });
    expect((await cart('GET', 'checkPointDiscountSupport', token)).data).toBe(true);
    expect((await cart('GET', 'checkNeedFillCard', token)).data).toBe(false);
  });

  it('groups lines by sale type and refuses to check out a type that may not be mixed with others', async () => {
    const token = await shopper();
    const esim = await goodsFixture(t.ctx, { saleType: { code: 't-esim', goodsType: 1, canMixOrder: 1 } });
    const topup = await goodsFixture(t.ctx, { saleType: { code: 't-topup', goodsType: 1, canMixOrder: 1 } });
    const sim = await goodsFixture(t.ctx, { saleType: { code: 't-sim', goodsType: 0, canMixOrder: 0 } });
    await cart('POST', 'add', token, { specId: esim.specIds[0] });
    await cart('POST', 'add', token, { specId: topup.specIds[0] });
    let groups = await cart('GET', 'saleTypeGroups', token);
    expect(groups.data).toMatchObject({ canCheckout: true, mixForbidden: false, reason: null });
    expect(groups.data.groups).toHaveLength(2);
    const simLine = (await cart('POST', 'add', token, { specId: sim.specIds[0] })).data.line;
    groups = await cart('GET', 'saleTypeGroups', token);
    expect(groups.data).toMatchObject({ canCheckout: false, mixForbidden: true });
    expect(groups.data.reason).toMatch(/Type t-sim cannot be checked out together/);
    const simGroup = groups.data.groups.find(
      (g: { saleType: { code: string } }) => g.saleType.code === 't-sim',
    );
    expect(simGroup.saleType.goodsType).toEqual({ type: 0, canMixOrder: 0 });
    expect(simGroup.lines.map((l: { id: number }) => l.id)).toEqual([simLine.id]);
    expect((await cart('GET', 'summary', token)).data).toMatchObject({
      mixForbidden: true,
      hasPhysical: true,
    });
    // only the SIM checked: one sale type, so it can check out alone
    const others = (await cart('GET', 'list', token)).data
      .filter((l: { id: number }) => l.id !== simLine.id)
      .map((l: { id: number }) => l.id);
    await cart('POST', 'check', token, { ids: others, checked: false });
    groups = await cart('GET', 'saleTypeGroups', token);
    expect(groups.data).toMatchObject({ canCheckout: true, mixForbidden: false });
    expect(
      groups.data.groups.find((g: { saleType: { code: string } }) => g.saleType.code === 't-sim')
        .checkedCount,
    ).toBe(1);
  });

  it('groups lines by sale type and then by goods', async () => {
    const token = await shopper();
    const two = await goodsFixture(t.ctx, {
      specs: [
        { price: 100, stock: 3 },
        { price: 200, stock: 3 },
      ],
    });
    const one = await goodsFixture(t.ctx, { saleType: { code: 't-topup', goodsType: 1, canMixOrder: 1 } });
    for (const specId of [...two.specIds, ...one.specIds]) await cart('POST', 'add', token, { specId });
    const res = await cart('GET', 'groupedByTypeAndGoods', token);
    expect(res.data).toHaveLength(2);
    const esim = res.data.find((g: { saleType: { code: string } }) => g.saleType.code === 't-esim');
    expect(esim.goods).toHaveLength(1);
    expect(esim.goods[0].goodsInfo.id).toBe(two.goodsId);
    expect(esim.goods[0].lines.map((l: { specId: number }) => l.specId).sort()).toEqual(
      [...two.specIds].sort(),
    );
  });
});

describe('ownership', () => {
  it("lets nobody read or change another user's cart lines, answering NOT_FOUND", async () => {
    const alice = await shopper();
    const bob = await shopper();
    const g = await goodsFixture(t.ctx);
    const line = (await cart('POST', 'add', alice, { specId: g.specIds[0], quantity: 2 })).data.line;
    expect((await cart('GET', 'list', bob)).data).toEqual([]);
    expect((await cart('POST', 'update', bob, { id: line.id, quantity: 1 })).code).toBe(1002);
    expect((await cart('POST', 'update', bob, { id: line.id, checked: false })).code).toBe(1002);
    expect((await cart('POST', 'remove', bob, { id: line.id })).code).toBe(1002);
    expect((await cart('POST', 'removeBySpecId', bob, { specId: g.specIds[0] })).code).toBe(1002);
    expect((await cart('POST', 'batchRemove', bob, { ids: [line.id] })).code).toBe(1002);
    expect((await cart('POST', 'check', bob, { ids: [line.id], checked: false })).code).toBe(1002);
    await cart('POST', 'clear', bob);
    const mine = await cart('GET', 'list', alice);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ id: line.id, quantity: 2, checked: true });
  });
});
