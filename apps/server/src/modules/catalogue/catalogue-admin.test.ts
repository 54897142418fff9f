import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { createOperator, demoGoodsId } from './catalogue.fixtures';
import { insertGoodsComment } from './catalogue-reviews.repository';
import { returnStock, takeStock } from './catalogue-stock.repository';
import { invalidateGoods } from './catalogue.cache';

let t: TestApp;
let op: { id: number; token: string };
let esimType: number;
let asiaType: number;
let esimSaleType: number;
let gearSaleType: number;
beforeAll(async () => {
  t = await createTestApp();
  op = await createOperator(t.ctx, 'catalogue');
  const types = await call(t.app, 'POST', 'app/goods/type/list', { body: {} });
  esimType = types.data[0].id;
  asiaType = types.data[0].children[0].id;
  const saleTypes = await call(t.app, 'POST', 'app/goods/saleType/list', { body: {} });
  esimSaleType = saleTypes.data.find((s: { code: string }) => s.code === 'esim').id;
  gearSaleType = saleTypes.data.find((s: { code: string }) => s.code === 'gear').id;
});
afterAll(async () => t.close());

const admin = (url: string, body: unknown, token = op.token, language = 'en') =>
  call(t.app, 'POST', `admin/${url}`, { body, token, language });
const info = (id: number, language = 'en') =>
  call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(id) }, language });
const search = (keyWord: string, language = 'en') =>
  call(t.app, 'POST', 'app/goods/info/page', { body: { keyWord, size: 50 }, language });

let n = 0;
/** A new eSIM goods with two specs, through the operator call. */
async function newGoods(over: Record<string, unknown> = {}, specs?: unknown[]) {
  n += 1;
  const res = await admin('goods/info/add', {
    typeId: asiaType,
    saleTypeId: esimSaleType,
    texts: {
      en: { title: `Atlantis${n} eSIM`, subtitle: 'Sunken but connected' },
      'zh-Hans': { title: `亚特兰蒂斯${n} eSIM` },
      fr: { title: `Atlantide${n} eSIM`, description: [{ type: 'paragraph', text: 'Sous la mer.' }] },
    },
    pictures: ['/static/catalogue/goods-esim-jp.svg?v=1'],
    payWays: ['wallet', 'tappay'],
    destinations: ['pt', 'GR'],
    specs: specs ?? [
      { dataMb: 1024, allowance: 'total', validityDays: 7, price: 10000, originalPrice: 12000, stock: 3 },
      // unlimited: published only with its terms (issue 27)
      {
        dataMb: null,
        allowance: 'daily',
        validityDays: 5,
        price: 30000,
        stock: 0,
        hotspot: 0,
        highSpeedMbPerDay: 2048,
        throttleKbps: 512,
      },
    ],
    ...over,
  });
  expect(res.code).toBe(1000);
  return res.data.id as number;
}

describe('who may call operator routes', () => {
  it('refuses no token and an app (shopper) token with 401', async () => {
    const user = await createUser(t.ctx);
    const calls: [string, unknown][] = [
      ['goods/stock/change', { specId: 1, change: 1 }],
      ['market/banner/add', { texts: { en: { title: 'x' } }, picture: '/static/catalogue/b.svg' }],
      ['goods/searchKeyword/list', {}],
      ['goods/info/page', {}],
      ['goods/info/onSale', { ids: [1], onSale: 0 }],
    ];
    for (const [url, body] of calls) {
      expect((await call(t.app, 'POST', `admin/${url}`, { body })).status).toBe(401);
      expect((await call(t.app, 'POST', `admin/${url}`, { body, token: user.token })).status).toBe(401);
    }
    // nothing changed: the goods is still on sale
    expect((await call(t.app, 'POST', 'app/goods/list', { body: { ids: [1] } })).data).toHaveLength(1);
  });
  it('keeps roles other than owner and catalogue out of the catalogue', async () => {
    for (const role of ['support', 'orders', 'finance'] as const) {
      const other = await createOperator(t.ctx, role);
      const list = await admin('goods/info/page', { page: 1, size: 5 }, other.token);
      expect(list.code).toBe(ErrorCode.ADMIN_FORBIDDEN);
      const add = await admin('goods/searchKeyword/add', { texts: { en: { keyword: 'x' } } }, other.token);
      expect(add.code).toBe(ErrorCode.ADMIN_FORBIDDEN);
    }
    const owner = await createOperator(t.ctx, 'owner');
    expect((await admin('goods/info/page', { page: 1, size: 5 }, owner.token)).code).toBe(1000);
  });
});

describe('goods', () => {
  it('creates goods with specs and translations, served in each language and found by search', async () => {
    const id = await newGoods();
    const en = await info(id);
    expect(en.data).toMatchObject({
      title: `Atlantis${n} eSIM`,
      subtitle: 'Sunken but connected',
      goodsType: 1,
      minPrice: 10000,
    });
    expect(en.data.specs.map((s: { stock: number }) => s.stock)).toEqual([3, 0]);
    expect(en.data.coverage.map((d: { code: string }) => d.code)).toEqual(['PT', 'GR']);
    const zh = await info(id, 'zh-Hans');
    expect(zh.data.title).toBe(`亚特兰蒂斯${n} eSIM`);
    // zh-Hant has none of its own: falls back to zh-Hans, and the subtitle to English
    const hant = await info(id, 'zh-Hant');
    expect(hant.data.title).toBe(`亚特兰蒂斯${n} eSIM`);
    expect(hant.data.subtitle).toBe('Sunken but connected');
    const es = await info(id, 'es');
    expect(es.data.title).toBe(`Atlantis${n} eSIM`);
    expect(es.data.description).toEqual([{ type: 'paragraph', text: 'Sous la mer.' }]);
    // every language's title is searchable from any language, and the covered country names too
    expect((await search(`atlantide${n}`)).data.list.map((g: { id: number }) => g.id)).toEqual([id]);
    expect((await search('Portugal')).data.list.map((g: { id: number }) => g.id)).toContain(id);
    const detail = await call(t.app, 'GET', 'admin/goods/info/info', {
      query: { id: String(id) },
      token: op.token,
    });
    expect(Object.keys(detail.data.texts).sort()).toEqual(['en', 'fr', 'zh-Hans']);
    expect(detail.data.specs).toHaveLength(2);
  });

  it('refuses bad goods with clear messages', async () => {
    const base = {
      typeId: asiaType,
      saleTypeId: esimSaleType,
      pictures: ['/static/catalogue/x.svg'],
      payWays: ['wallet'],
      specs: [{ price: 100 }],
    };
    const noText = await admin('goods/info/add', { ...base, texts: {} }, op.token, 'fr');
    expect(noText.code).toBe(ErrorCode.VALIDATION);
    expect(noText.message).toBe('Textes : nécessite un texte dans au moins une langue');
    const badPrice = await admin('goods/info/add', {
      ...base,
      texts: { en: { title: 'x' } },
      specs: [{ price: 100, originalPrice: 50 }],
    });
    expect(badPrice.data).toEqual({ field: 'originalPrice' });
    const badPicture = await admin('goods/info/add', {
      ...base,
      texts: { en: { title: 'x' } },
      pictures: ['javascript:alert(1)'],
    });
    expect(badPicture.code).toBe(ErrorCode.VALIDATION);
    const badDestination = await admin('goods/info/add', {
      ...base,
      texts: { en: { title: 'x' } },
      destinations: ['XX'],
    });
    expect(badDestination.code).toBe(ErrorCode.DESTINATION_INVALID);
    expect(badDestination.message).toBe('Unknown destination code: XX');
    const mismatch = await admin('goods/info/add', { ...base, texts: { en: { title: 'x' } }, goodsType: 0 });
    expect(mismatch.code).toBe(ErrorCode.GOODS_KIND_MISMATCH);
    const noType = await admin('goods/info/add', { ...base, typeId: 999999, texts: { en: { title: 'x' } } });
    expect(noType.code).toBe(ErrorCode.GOODS_TYPE_NOT_FOUND);
    const badPay = await admin('goods/info/add', {
      ...base,
      texts: { en: { title: 'x' } },
      payWays: ['cash'],
    });
    expect(badPay.code).toBe(ErrorCode.VALIDATION);
  });

  it('takes goods off sale: not listed, and its info says so; back on sale, shown again', async () => {
    const id = await newGoods();
    expect((await info(id)).code).toBe(1000);
    const off = await admin('goods/info/onSale', { ids: [id], onSale: 0 });
    expect(off.data).toEqual({ count: 1 });
    const offInfo = await info(id, 'zh-Hant');
    expect(offInfo.code).toBe(ErrorCode.GOODS_OFF_SALE);
    expect(offInfo.message).toBe('商品已下架');
    expect((await search(`atlantis${n}`)).data.pagination.total).toBe(0);
    expect((await call(t.app, 'POST', 'app/goods/list', { body: { ids: [id] } })).data).toEqual([]);
    expect((await call(t.app, 'POST', 'app/goods/spec/list', { body: { goodsId: id } })).code).toBe(
      ErrorCode.GOODS_OFF_SALE,
    );
    const adminPage = await admin('goods/info/page', { keyWord: `atlantis${n}`, onSale: 0 });
    expect(adminPage.data.list.map((g: { id: number }) => g.id)).toEqual([id]);
    await admin('goods/info/onSale', { ids: [id], onSale: 1 });
    expect((await info(id)).code).toBe(1000);
  });

  it('deletes goods: gone for shoppers and operators', async () => {
    const id = await newGoods();
    expect((await admin('goods/info/delete', { ids: [id, 999999] })).data).toEqual({ count: 1 });
    expect((await info(id)).code).toBe(ErrorCode.GOODS_NOT_FOUND);
    expect(
      (await call(t.app, 'GET', 'admin/goods/info/info', { query: { id: String(id) }, token: op.token }))
        .code,
    ).toBe(ErrorCode.GOODS_NOT_FOUND);
  });

  it('shows an operator edit on the very next read (cached answers are dropped)', async () => {
    const id = await newGoods();
    const before = await info(id);
    const cachedAgain = await info(id);
    expect(cachedAgain.data.title).toBe(before.data.title);
    const pageBefore = await search(`atlantis${n}`);
    expect(pageBefore.data.list[0].title).toBe(before.data.title);
    const upd = await admin('goods/info/update', {
      id,
      texts: { en: { title: `Renamed${n} eSIM` } },
      destinations: ['JP'],
    });
    expect(upd.code).toBe(1000);
    const after = await info(id);
    expect(after.data.title).toBe(`Renamed${n} eSIM`);
    expect(after.data.coverage.map((d: { code: string }) => d.code)).toEqual(['JP']);
    // the old title is no longer searchable, the new one is; texts of other languages were replaced too
    expect((await search(`atlantis${n}`)).data.pagination.total).toBe(0);
    expect((await search(`renamed${n}`)).data.list[0].id).toBe(id);
    expect((await info(id, 'zh-Hans')).data.title).toBe(`Renamed${n} eSIM`);
    const home = await call(t.app, 'GET', 'app/goods/home', {});
    await admin('goods/info/update', { id, orderNum: -100 });
    const homeAfter = await call(t.app, 'GET', 'app/goods/home', {});
    expect(home.data.recommended[0].id).not.toBe(id);
    expect(homeAfter.data.recommended[0].id).toBe(id);
  });
});

describe('specs and stock', () => {
  it('adds, changes and deletes specs; the lowest price follows', async () => {
    const id = await newGoods();
    const added = await admin('goods/spec/add', {
      goodsId: id,
      price: 5000,
      stock: 2,
      texts: { en: { name: 'Tiny' } },
    });
    expect(added.code).toBe(1000);
    expect((await info(id)).data.minPrice).toBe(5000);
    const upd = await admin('goods/spec/update', { id: added.data.id, price: 40000 });
    expect(upd.code).toBe(1000);
    expect((await info(id)).data.minPrice).toBe(10000);
    const hidden = await admin('goods/spec/update', { id: added.data.id, status: 0 });
    expect(hidden.code).toBe(1000);
    expect((await info(id)).data.specs).toHaveLength(2);
    const badOriginal = await admin('goods/spec/update', { id: added.data.id, originalPrice: 100 });
    expect(badOriginal.data).toEqual({ field: 'originalPrice' });
    const specs = (await info(id)).data.specs as { id: number }[];
    expect((await admin('goods/spec/delete', { ids: specs.map((s) => s.id) })).data).toEqual({ count: 2 });
    // nothing left to buy: not on sale for shoppers
    expect((await info(id)).code).toBe(ErrorCode.GOODS_OFF_SALE);
    const missing = await admin('goods/spec/update', { id: 999999, price: 1 });
    expect(missing.code).toBe(ErrorCode.SPEC_NOT_FOUND);
  });

  it('changes stock with a conditional update logged as admin, never below zero', async () => {
    const id = await newGoods();
    const spec = (await info(id)).data.specs[0];
    expect(spec.stock).toBe(3);
    const plus = await admin('goods/stock/change', { specId: spec.id, change: 5, remark: 'restock' });
    expect(plus.code).toBe(1000);
    expect(plus.data).toMatchObject({ specId: spec.id, stock: 8 });
    expect((await info(id)).data.specs[0].stock).toBe(8);
    const tooMuch = await admin('goods/stock/change', { specId: spec.id, change: -9 }, op.token, 'zh-Hans');
    expect(tooMuch.code).toBe(ErrorCode.STOCK_NOT_ENOUGH);
    expect(tooMuch.message).toBe('库存不足（仅剩 8 件）');
    const toZero = await admin('goods/stock/change', { specId: spec.id, change: -8 });
    expect(toZero.data.stock).toBe(0);
    expect((await info(id)).data.specs[0]).toMatchObject({ stock: 0, soldOut: true });
    expect((await info(id)).data.soldOut).toBe(true);
    const zero = await admin('goods/stock/change', { specId: spec.id, change: 0 });
    expect(zero.data).toEqual({ field: 'change' });
    const missing = await admin('goods/stock/change', { specId: 999999, change: 1 });
    expect(missing.code).toBe(ErrorCode.SPEC_NOT_FOUND);

    const log = await call(t.app, 'POST', 'admin/goods/stockLog/page', {
      body: { specId: spec.id },
      token: op.token,
    });
    expect(
      log.data.list.map((e: { change: number; stockAfter: number; type: string }) => [
        e.type,
        e.change,
        e.stockAfter,
      ]),
    ).toEqual([
      ['admin', -8, 0],
      ['admin', 5, 8],
      ['admin', 3, 3],
    ]);
    expect(log.data.list[1]).toMatchObject({ adminId: op.id, remark: 'restock' });
  });

  it('never sells more than the stock when orders race (conditional update on both engines)', async () => {
    const id = await newGoods({}, [{ price: 100, stock: 5 }]);
    const specId = (await info(id)).data.specs[0].id as number;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.ctx.db.transaction().execute((trx) => takeStock(trx, { specId, quantity: 1, orderId: 1000 + i })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    invalidateGoods(t.ctx, id);
    const after = await info(id);
    expect(after.data.specs[0].stock).toBe(0);
    expect(after.data.sales).toBe(5);
    const back = await t.ctx.db
      .transaction()
      .execute((trx) => returnStock(trx, { specId, quantity: 2, orderId: 1000 }));
    expect(back).toMatchObject({ stock: 2 });
    invalidateGoods(t.ctx, id);
    expect((await info(id)).data).toMatchObject({ sales: 3 });
    const history = await call(t.app, 'GET', 'app/goods/stockLog/history', {
      query: { goodsId: String(id) },
    });
    expect(history.data).toHaveLength(5);
    expect(history.data[0]).toEqual({
      specId,
      specName: 'Standard',
      quantity: 1,
      at: expect.stringMatching(/:00\.000Z$/),
    });
    const orders = await call(t.app, 'POST', 'admin/goods/stockLog/list', {
      body: { goodsId: id, type: 'order' },
      token: op.token,
    });
    expect(orders.data).toHaveLength(5);
  });
});

describe('reviews', () => {
  it('keeps the average and count with each review, and operators can hide one', async () => {
    const id = await newGoods();
    const specId = (await info(id)).data.specs[0].id as number;
    const user = await createUser(t.ctx, { nickname: '王小明' });
    for (const rating of [5, 4]) {
      await t.ctx.db.transaction().execute((trx) =>
        insertGoodsComment(trx, {
          goodsId: id,
          specId,
          orderId: 77,
          userId: user.id,
          nickname: '王小明',
          avatarUrl: null,
          anonymous: rating === 4 ? 1 : 0,
          rating,
          content: 'ok',
          pictures: rating === 5 ? ['/uploads/2025-01/abcdefghijklmnop.png'] : [],
        }),
      );
    }
    invalidateGoods(t.ctx, id);
    expect((await info(id)).data.rating).toEqual({ average: 4.5, count: 2 });
    const summary = await call(t.app, 'GET', 'app/goods/comment/summary', { query: { goodsId: String(id) } });
    expect(summary.data).toMatchObject({ average: 4.5, count: 2, withPictures: 1 });
    const mine = await call(t.app, 'POST', 'app/goods/comment/page', {
      body: { orderId: 77 },
      token: user.token,
    });
    expect(mine.data.pagination.total).toBe(2);
    const stranger = await createUser(t.ctx);
    const theirs = await call(t.app, 'POST', 'app/goods/comment/page', {
      body: { orderId: 77 },
      token: stranger.token,
    });
    expect(theirs.data.pagination.total).toBe(0);
    const shown = await call(t.app, 'POST', 'app/goods/comment/page', { body: { goodsId: id } });
    expect(shown.data.list.map((c: { nickname: string }) => c.nickname).sort()).toEqual([
      '王***明',
      '王小明',
    ]);

    const list = await admin('goods/comment/page', { goodsId: id });
    const four = list.data.list.find((c: { rating: number }) => c.rating === 4);
    expect(four.realNickname).toBe('王小明');
    expect((await admin('goods/comment/status', { ids: [four.id], status: 0 })).data).toEqual({ count: 1 });
    // hiding twice changes nothing
    expect((await admin('goods/comment/status', { ids: [four.id], status: 0 })).data).toEqual({ count: 0 });
    expect((await info(id)).data.rating).toEqual({ average: 5, count: 1 });
    const after = await call(t.app, 'POST', 'app/goods/comment/page', { body: { goodsId: id } });
    expect(after.data.pagination.total).toBe(1);
  });
});

describe('types, sale types, banners, keywords', () => {
  it('manages goods types: add, rename, no loops, no deleting what is in use', async () => {
    const add = await admin('goods/type/add', {
      parentId: esimType,
      texts: { en: { name: 'Moon' }, 'zh-Hans': { name: '月球' } },
    });
    expect(add.code).toBe(1000);
    const child = await admin('goods/type/add', {
      parentId: add.data.id,
      texts: { en: { name: 'Dark side' } },
    });
    const tree = await call(t.app, 'POST', 'app/goods/type/list', { body: {}, language: 'zh-Hans' });
    const moon = tree.data[0].children.find((c: { id: number }) => c.id === add.data.id);
    expect(moon.name).toBe('月球');
    expect(moon.children[0].name).toBe('Dark side');
    expect((await admin('goods/type/update', { id: add.data.id, parentId: child.data.id })).code).toBe(
      ErrorCode.GOODS_TYPE_CYCLE,
    );
    expect((await admin('goods/type/update', { id: add.data.id, parentId: add.data.id })).code).toBe(
      ErrorCode.GOODS_TYPE_CYCLE,
    );
    expect((await admin('goods/type/delete', { ids: [add.data.id] })).code).toBe(ErrorCode.GOODS_TYPE_IN_USE);
    expect((await admin('goods/type/delete', { ids: [asiaType] })).code).toBe(ErrorCode.GOODS_TYPE_IN_USE);
    const hide = await admin('goods/type/update', { id: child.data.id, status: 0 });
    expect(hide.code).toBe(1000);
    const hiddenTree = await call(t.app, 'POST', 'app/goods/type/list', { body: {} });
    const moonAgain = hiddenTree.data[0].children.find((c: { id: number }) => c.id === add.data.id);
    expect(moonAgain.children).toBeUndefined();
    expect((await admin('goods/type/delete', { ids: [child.data.id, add.data.id] })).data).toEqual({
      count: 2,
    });
    const all = await admin('goods/type/list', {});
    expect(all.data.some((ty: { id: number }) => ty.id === add.data.id)).toBe(false);
  });

  it('manages sale types with unique codes; a sale type in use stays', async () => {
    const add = await admin('goods/saleType/add', {
      code: 'rental',
      texts: { en: { name: 'Rental', description: 'Give it back' } },
      goodsType: 0,
      canMixOrder: 0,
    });
    expect(add.code).toBe(1000);
    const got = await call(t.app, 'GET', 'app/goods/saleType/getBySaleType', {
      query: { saleType: 'rental' },
    });
    expect(got.data).toMatchObject({
      name: 'Rental',
      description: 'Give it back',
      goodsType: 0,
      canMixOrder: 0,
    });
    expect(
      (
        await admin('goods/saleType/add', {
          code: 'rental',
          texts: { en: { name: 'x' } },
          goodsType: 0,
          canMixOrder: 1,
        })
      ).code,
    ).toBe(ErrorCode.SALE_TYPE_CODE_TAKEN);
    expect(
      (
        await admin('goods/saleType/add', {
          code: 'Bad Code',
          texts: { en: { name: 'x' } },
          goodsType: 0,
          canMixOrder: 1,
        })
      ).data,
    ).toEqual({
      field: 'code',
    });
    expect((await admin('goods/saleType/delete', { ids: [gearSaleType] })).code).toBe(
      ErrorCode.SALE_TYPE_IN_USE,
    );
    expect((await admin('goods/saleType/update', { id: add.data.id, canMixOrder: 1 })).code).toBe(1000);
    expect(
      (await admin('goods/saleType/list', {})).data.find((s: { id: number }) => s.id === add.data.id)
        .canMixOrder,
    ).toBe(1);
    expect((await admin('goods/saleType/delete', { ids: [add.data.id] })).data).toEqual({ count: 1 });
  });

  it('manages banners with links checked and an active window', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const bad = await admin('market/banner/add', {
      texts: { en: { title: 'x' } },
      picture: '/static/catalogue/banner-japan.svg',
      linkType: 'goods',
      linkValue: 'abc',
    });
    expect(bad.data).toEqual({ field: 'linkValue' });
    const badUrl = await admin('market/banner/add', {
      texts: { en: { title: 'x' } },
      picture: '/static/catalogue/b.svg',
      linkType: 'url',
      linkValue: 'javascript:alert(1)',
    });
    expect(badUrl.code).toBe(ErrorCode.VALIDATION);
    const window = await admin('market/banner/add', {
      texts: { en: { title: 'x' } },
      picture: '/static/catalogue/b.svg',
      startsAt: future,
      endsAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(window.data).toEqual({ field: 'endsAt' });
    const later = await admin('market/banner/add', {
      texts: { en: { title: 'Later' } },
      picture: '/static/catalogue/b.svg',
      linkType: 'page',
      linkValue: '/pages/goods/list?typeId=1',
      startsAt: future,
    });
    expect(later.code).toBe(1000);
    const now = await admin('market/banner/add', {
      texts: { en: { title: 'Now' }, es: { title: 'Ahora' } },
      picture: '/static/catalogue/b.svg',
      linkType: 'url',
      linkValue: 'https://example.com/promo',
      orderNum: -1,
    });
    const shown = await call(t.app, 'POST', 'app/market/banner/list', { body: {}, language: 'es' });
    expect(shown.data[0]).toMatchObject({ id: now.data.id, title: 'Ahora', linkType: 'url' });
    expect(shown.data.some((b: { id: number }) => b.id === later.data.id)).toBe(false);
    const adminList = await admin('market/banner/list', {});
    expect(adminList.data.find((b: { id: number }) => b.id === later.data.id).startsAt).toBe(future);
    await admin('market/banner/update', { id: now.data.id, status: 0 });
    const afterHide = await call(t.app, 'POST', 'app/market/banner/list', { body: {} });
    expect(afterHide.data.some((b: { id: number }) => b.id === now.data.id)).toBe(false);
    expect((await admin('market/banner/delete', { ids: [now.data.id, later.data.id] })).data).toEqual({
      count: 2,
    });
    expect((await admin('market/banner/update', { id: now.data.id, status: 1 })).code).toBe(
      ErrorCode.BANNER_NOT_FOUND,
    );
  });

  it('manages hot keywords', async () => {
    const add = await admin('goods/searchKeyword/add', {
      texts: { en: { keyword: 'Moon' }, fr: { keyword: 'Lune' } },
      orderNum: -5,
    });
    const fr = await call(t.app, 'POST', 'app/goods/searchKeyword/list', { body: {}, language: 'fr' });
    expect(fr.data[0]).toMatchObject({ id: add.data.id, keyword: 'Lune' });
    await admin('goods/searchKeyword/update', { id: add.data.id, status: 0 });
    expect(
      (await call(t.app, 'GET', 'app/goods/searchKeyword/info', { query: { id: String(add.data.id) } })).code,
    ).toBe(ErrorCode.KEYWORD_NOT_FOUND);
    expect(
      (await admin('goods/searchKeyword/list', {})).data.find((k: { id: number }) => k.id === add.data.id)
        .status,
    ).toBe(0);
    expect((await admin('goods/searchKeyword/delete', { ids: [add.data.id] })).data).toEqual({ count: 1 });
  });
});

describe('demo goods', () => {
  it('sells physical goods with freight and airport pick-up without freight', async () => {
    const wifi = await demoGoodsId(t.app, '4G pocket Wi-Fi router');
    const res = await info(wifi);
    expect(res.data).toMatchObject({
      goodsType: 0,
      freight: 8000,
      saleType: { code: 'gear', canMixOrder: 1 },
    });
    expect(res.data.specs.map((s: { noFreight: number }) => s.noFreight)).toEqual([0, 1]);
    const topup = await demoGoodsId(t.app, 'Data top-up: Japan card');
    const top = await info(topup);
    expect(top.data).toMatchObject({
      needFillCard: 1,
      goodsType: 1,
      saleType: { code: 'topup', canMixOrder: 0 },
    });
    expect(top.data.payWays).not.toContain('transfer');
  });
});
