import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@simshop/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { createOperator, demoGoodsId } from './catalogue.fixtures';

let t: TestApp;
let japan: number;
let switzerland: number;
let adapter: number;
beforeAll(async () => {
  t = await createTestApp();
  japan = await demoGoodsId(t.app, 'Japan eSIM data plan');
  switzerland = await demoGoodsId(t.app, 'Switzerland eSIM data plan');
  adapter = await demoGoodsId(t.app, 'Universal travel adapter');
});
afterAll(async () => t.close());

type Card = {
  id: number;
  title: string;
  minPrice: number;
  sales: number;
  destinations: string[];
  typeId: number;
};
const page = (body: Record<string, unknown>, language = 'en') =>
  call(t.app, 'POST', 'app/goods/info/page', { body, language });
const titles = (list: Card[]) => list.map((g) => g.title);

describe('kept answers', () => {
  it('go out in the form the client takes, made once per answer', async () => {
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/api/app/goods/home', headers: { 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.json().code).toBe(1000);
    // a browser's header: brotli first
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await get('br');
    expect(again.rawPayload).toEqual(br.rawPayload);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // br refused by weight: gzip
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });
});

describe('goods types', () => {
  it('lists the category tree with sub-types, named in the caller language', async () => {
    const en = await call(t.app, 'POST', 'app/goods/type/list', { body: {} });
    expect(en.code).toBe(1000);
    expect(en.data.map((n: { name: string }) => n.name)).toEqual([
      'eSIM plans',
      'SIM cards',
      'Top-ups',
      'Travel gear',
    ]);
    expect(en.data[0].children.map((n: { name: string }) => n.name)).toContain('Asia');
    expect(en.data[0].icon).toMatch(/^\/static\/catalogue\/type-esim\.svg/);
    const zh = await call(t.app, 'POST', 'app/goods/type/list', { language: 'zh-Hant' });
    expect(zh.data[0].children[0].name).toBe('亞洲');
  });
  it('gives one branch as a flat list when asked', async () => {
    const tree = await call(t.app, 'POST', 'app/goods/type/list', { body: {} });
    const res = await call(t.app, 'POST', 'app/goods/type/list', {
      body: { parentId: tree.data[0].id, flat: true },
    });
    expect(res.data.length).toBe(5);
    expect(res.data.every((n: { children?: unknown }) => n.children === undefined)).toBe(true);
  });
});

describe('goods page', () => {
  it('pages on-sale goods with a total', async () => {
    const first = await page({ page: 1, size: 10 });
    expect(first.code).toBe(1000);
    expect(first.data.list).toHaveLength(10);
    expect(first.data.pagination).toEqual({ page: 1, size: 10, total: 42 });
    const last = await page({ page: 5, size: 10 });
    expect(last.data.list).toHaveLength(2);
    const ids = new Set([...first.data.list, ...last.data.list].map((g: Card) => g.id));
    expect(ids.size).toBe(12);
  });

  it.each([
    [{ size: 0 }, 'size'],
    [{ size: 101 }, 'size'],
    [{ page: 0 }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ order: 'cheapest' }, 'order'],
    [{ sort: 'up' }, 'sort'],
    [{ typeId: -1 }, 'typeId'],
    [{ minPrice: -5 }, 'minPrice'],
    [{ destination: 'Japan' }, 'destination'],
    [{ keyWord: 'x'.repeat(51) }, 'keyWord'],
  ])('refuses %j with a clear message naming the field', async (body, field) => {
    const res = await page(body);
    expect(res.status).toBe(200);
    expect(res.code).toBe(ErrorCode.VALIDATION);
    expect(res.data).toEqual({ field });
  });

  it('names the field and rule in the caller language', async () => {
    const fr = await page({ size: 500 }, 'fr');
    expect(fr.message).toBe('Taille de page : doit être au plus 100');
    const zh = await page({ size: 0 }, 'zh-Hans');
    expect(zh.message).toBe('每页数量不能小于 1');
  });

  it('refuses a price range whose maximum is below its minimum', async () => {
    const res = await page({ minPrice: 50000, maxPrice: 10000 });
    expect(res.code).toBe(ErrorCode.VALIDATION);
    expect(res.data).toEqual({ field: 'maxPrice' });
    expect(res.message).toBe('Maximum price: must not be below the minimum price');
  });

  it('filters by goods type including its sub-types', async () => {
    const types = await call(t.app, 'POST', 'app/goods/type/list', {});
    const esim = types.data[0];
    const asia = esim.children.find((c: { name: string }) => c.name === 'Asia');
    const all = await page({ typeId: esim.id, size: 100 });
    expect(all.data.pagination.total).toBe(32);
    const asian = await page({ typeId: asia.id, size: 100 });
    expect(asian.data.pagination.total).toBe(13);
    expect(asian.data.list.every((g: Card) => g.typeId === asia.id)).toBe(true);
    const none = await page({ typeId: 999999 });
    expect(none.data).toEqual({ list: [], pagination: { page: 1, size: 20, total: 0 } });
  });

  it('filters by destination, exact plans first, then the regions covering it', async () => {
    const res = await page({ destination: 'jp', size: 50 });
    const codes = res.data.list.map((g: Card) => g.destinations[0]);
    expect(codes.slice(0, 3)).toEqual(['JP', 'JP', 'JP']);
    expect(new Set(codes.slice(3))).toEqual(new Set(['ASIA', 'GLOBAL']));
    const france = await page({ destination: 'FR', size: 50 });
    const fr = france.data.list.map((g: Card) => g.destinations[0]);
    expect(fr[0]).toBe('FR');
    expect(new Set(fr.slice(1))).toEqual(new Set(['EU', 'GLOBAL']));
    expect(titles(france.data.list)).toContain('Europe travel SIM card');
  });

  it('filters by price range (minor units)', async () => {
    const res = await page({ minPrice: 150000, maxPrice: 200000, size: 100 });
    expect(res.data.pagination.total).toBeGreaterThan(0);
    expect(titles(res.data.list)).toContain('4G pocket Wi-Fi router');
    expect(titles(res.data.list)).toContain('Global eSIM data plan');
    expect(titles(res.data.list)).not.toContain('Thailand eSIM data plan');
  });

  it('sorts by price both ways, by sales and by newest', async () => {
    const asc = (await page({ order: 'price', size: 100 })).data.list as Card[];
    expect(asc.map((g) => g.minPrice)).toEqual([...asc.map((g) => g.minPrice)].sort((a, b) => a - b));
    const desc = (await page({ order: 'price', sort: 'desc', size: 5 })).data.list as Card[];
    expect(desc[0]?.title).toBe('4G pocket Wi-Fi router');
    const sales = (await page({ order: 'sales', size: 100 })).data.list as Card[];
    expect(sales[0]?.title).toBe('Japan eSIM data plan');
    expect(sales.map((g) => g.sales)).toEqual([...sales.map((g) => g.sales)].sort((a, b) => b - a));
    const newest = (await page({ order: 'newest', size: 1 })).data.list as Card[];
    expect(newest[0]?.title).toBe('10,000 mAh power bank');
  });

  it('serves the same goods in English and in Simplified Chinese', async () => {
    const en = await call(t.app, 'GET', 'app/goods/info/info', {
      query: { id: String(japan) },
      language: 'en',
    });
    const zh = await call(t.app, 'GET', 'app/goods/info/info', {
      query: { id: String(japan) },
      language: 'zh-Hans',
    });
    expect(en.data.title).toBe('Japan eSIM data plan');
    expect(zh.data.title).toBe('日本 eSIM 上网流量');
    expect(zh.data.specs.map((s: { name: string }) => s.name)).toEqual([
      '1 GB / 7天',
      '5 GB / 15天',
      '20 GB / 30天',
      '每日无限流量 / 7天',
    ]);
    expect(en.data.specs[3].name).toBe('Unlimited daily / 7 days');
    expect(zh.data.specs.map((s: { price: number }) => s.price)).toEqual(
      en.data.specs.map((s: { price: number }) => s.price),
    );
  });
});

describe('search', () => {
  it.each(['japan', 'Japan', '日本', 'ＪＡＰＡＮ', ' JAPAN  ', 'Japon', 'Tokyo', 'tokyo'])(
    'finds the Japan plans for %j, title matches first',
    async (q) => {
      const res = await page({ keyWord: q, size: 20 });
      expect(res.code).toBe(1000);
      const found = titles(res.data.list);
      expect(found[0]).toBe('Japan eSIM data plan');
      expect(found.slice(0, 3).sort()).toEqual([
        'Data top-up: Japan card',
        'Japan eSIM data plan',
        'Japan travel SIM card',
      ]);
      // plans that only cover Japan (regions) come after those named after it
      expect(found).toContain('Asia eSIM data plan');
      expect(found.indexOf('Asia eSIM data plan')).toBeGreaterThan(2);
      expect(found).not.toContain('Thailand eSIM data plan');
    },
  );
  it('finds goods by subtitle and alias in any language', async () => {
    expect(titles((await page({ keyWord: 'hotspot' })).data.list)).toContain(
      'Korea eSIM data plan'.replace('Korea', 'South Korea'),
    );
    expect(titles((await page({ keyWord: 'UK' })).data.list)[0]).toBe('United Kingdom eSIM data plan');
    expect(titles((await page({ keyWord: '東京' })).data.list)[0]).toBe('Japan eSIM data plan');
  });
  it('needs every word of a search to match', async () => {
    const res = await page({ keyWord: 'japan sim card' });
    expect(titles(res.data.list)).toEqual(['Japan travel SIM card']);
  });
  it('treats % _ and \\ as plain characters', async () => {
    for (const q of ['%', '_', '\\', "'; drop table goods; --", '100%']) {
      const res = await page({ keyWord: q });
      expect(res.code).toBe(1000);
      expect(res.data.pagination.total).toBe(0);
    }
  });
  it('searches the same way through the unpaged list', async () => {
    const res = await call(t.app, 'POST', 'app/goods/list', {
      body: { keyWord: '日本', limit: 2 },
      language: 'zh-Hant',
    });
    expect(res.data).toHaveLength(2);
    expect(res.data[0].title).toBe('日本 eSIM 上網流量');
  });
});

describe('goods detail', () => {
  it('shows specs, coverage, sale type, pay ways, description and review summary', async () => {
    const res = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(japan) } });
    expect(res.code).toBe(1000);
    const g = res.data;
    expect(g).toMatchObject({
      id: japan,
      goodsType: 1,
      currency: 'TWD',
      minPrice: 12900,
      needFillCard: 0,
      supportPointDiscount: 1,
      soldOut: false,
      freight: 0,
    });
    expect(g.specs).toHaveLength(4);
    expect(g.specs[1]).toMatchObject({
      dataMb: 5120,
      allowance: 'total',
      validityDays: 15,
      price: 29900,
      soldOut: false,
    });
    expect(g.specs[1].originalPrice).toBeGreaterThan(g.specs[1].price);
    expect(g.coverage).toEqual([
      {
        code: 'JP',
        name: 'Japan',
        kind: 'country',
        flag: expect.stringMatching(/flag-jp\.svg/),
        countries: [],
      },
    ]);
    expect(g.saleType).toMatchObject({ code: 'esim', goodsType: 1, canMixOrder: 1 });
    expect(g.payWays).toContain('wallet');
    expect(g.description[0]).toEqual({ type: 'heading', text: 'How it works' });
    expect(g.rating.count).toBe(8);
    expect(g.rating.average).toBeGreaterThan(0);
    expect(g.pictures.length).toBeGreaterThanOrEqual(1);
  });
  it('shows a sold-out spec with stock 0', async () => {
    const res = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(switzerland) } });
    const unlimited = res.data.specs[3];
    expect(unlimited).toMatchObject({ stock: 0, soldOut: true });
    expect(res.data.soldOut).toBe(false);
    const gear = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(adapter) } });
    expect(gear.data.goodsType).toBe(0);
    expect(gear.data.specs.map((s: { stock: number; noFreight: number }) => [s.stock, s.noFreight])).toEqual([
      [15, 0],
      [0, 0],
      [6, 1],
    ]);
  });
  it('says clearly when the goods does not exist, and refuses a bad id', async () => {
    const missing = await call(t.app, 'GET', 'app/goods/info/info', {
      query: { id: '987654' },
      language: 'es',
    });
    expect(missing.code).toBe(ErrorCode.GOODS_NOT_FOUND);
    expect(missing.message).toBe('Este artículo no existe o se ha retirado');
    const bad = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: 'abc' } });
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.data).toEqual({ field: 'id' });
  });
  it('lists goods by ids in the order asked, leaving out unknown ones', async () => {
    const res = await call(t.app, 'POST', 'app/goods/list', { body: { ids: [adapter, 999999, japan] } });
    expect(res.data.map((g: Card) => g.id)).toEqual([adapter, japan]);
  });
});

describe('specs, sale types, banners, keywords, home', () => {
  it('serves specs through the generic calls', async () => {
    const list = await call(t.app, 'POST', 'app/goods/spec/list', { body: { goodsId: japan } });
    expect(list.data).toHaveLength(4);
    const paged = await call(t.app, 'POST', 'app/goods/spec/page', {
      body: { goodsId: japan, page: 2, size: 3 },
    });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.pagination).toEqual({ page: 2, size: 3, total: 4 });
    const info = await call(t.app, 'GET', 'app/goods/spec/info', {
      query: { id: String(list.data[0].id) },
      language: 'fr',
    });
    expect(info.data).toMatchObject({ goodsId: japan, name: '1 GB / 7 jours', currency: 'TWD' });
    const none = await call(t.app, 'GET', 'app/goods/spec/info', { query: { id: '999999' } });
    expect(none.code).toBe(ErrorCode.SPEC_NOT_FOUND);
    const noGoods = await call(t.app, 'POST', 'app/goods/spec/list', { body: {} });
    expect(noGoods.data).toEqual({ field: 'goodsId' });
  });
  it('lists sale types and finds one by code or id', async () => {
    const list = await call(t.app, 'POST', 'app/goods/saleType/list', { body: {} });
    expect(list.data.map((s: { code: string }) => s.code)).toEqual(['esim', 'sim', 'topup', 'gear']);
    const virtual = await call(t.app, 'POST', 'app/goods/saleType/list', { body: { goodsType: 1 } });
    expect(virtual.data.map((s: { code: string }) => s.code)).toEqual(['esim', 'topup']);
    const topup = await call(t.app, 'GET', 'app/goods/saleType/getBySaleType', {
      query: { saleType: 'topup' },
      language: 'zh-Hant',
    });
    expect(topup.data).toMatchObject({ code: 'topup', name: '加值', goodsType: 1, canMixOrder: 0 });
    const byId = await call(t.app, 'GET', 'app/goods/saleType/info', {
      query: { id: String(topup.data.id) },
    });
    expect(byId.data.name).toBe('Top-up');
    const unknown = await call(t.app, 'GET', 'app/goods/saleType/getBySaleType', {
      query: { saleType: 'nope' },
    });
    expect(unknown.code).toBe(ErrorCode.SALE_TYPE_NOT_FOUND);
  });
  it('lists the banners showing now, by position', async () => {
    const home = await call(t.app, 'POST', 'app/market/banner/list', { body: {} });
    expect(home.data).toHaveLength(4);
    expect(home.data[0]).toMatchObject({
      title: 'Japan eSIM from NT$129',
      linkType: 'goods',
      linkValue: String(japan),
    });
    const category = await call(t.app, 'POST', 'app/market/banner/list', {
      body: { position: 'category' },
      language: 'fr',
    });
    expect(category.data.map((b: { title: string }) => b.title)).toEqual(['eSIM monde : plus de 100 pays']);
    const bad = await call(t.app, 'POST', 'app/market/banner/list', { body: { position: 'footer' } });
    expect(bad.code).toBe(ErrorCode.VALIDATION);
  });
  it('serves hot keywords in the caller language through list, page and info', async () => {
    const list = await call(t.app, 'POST', 'app/goods/searchKeyword/list', {
      body: { limit: 3 },
      language: 'zh-Hans',
    });
    expect(list.data.map((k: { keyword: string }) => k.keyword)).toEqual(['日本', '韩国', '欧洲']);
    const paged = await call(t.app, 'POST', 'app/goods/searchKeyword/page', { body: { page: 2, size: 5 } });
    expect(paged.data.pagination).toEqual({ page: 2, size: 5, total: 8 });
    expect(paged.data.list).toHaveLength(3);
    const info = await call(t.app, 'GET', 'app/goods/searchKeyword/info', {
      query: { id: String(list.data[0].id) },
      language: 'es',
    });
    expect(info.data.keyword).toBe('Japón');
    const none = await call(t.app, 'GET', 'app/goods/searchKeyword/info', { query: { id: '9999' } });
    expect(none.code).toBe(ErrorCode.KEYWORD_NOT_FOUND);
  });
  it('builds the home feed in one call', async () => {
    const res = await call(t.app, 'GET', 'app/goods/home', { language: 'zh-Hant' });
    expect(res.code).toBe(1000);
    const feed = res.data;
    expect(feed.banners).toHaveLength(4);
    expect(feed.categories.map((c: { name: string }) => c.name)).toEqual([
      'eSIM 上網',
      '實體上網卡',
      '流量加值',
      '旅行配件',
    ]);
    expect(feed.destinations).toHaveLength(8);
    expect(feed.destinations[0]).toMatchObject({
      code: 'JP',
      name: '日本',
      kind: 'country',
      // the cheapest Japan eSIM, not the NT$99 top-up (issue 27)
      minPrice: 12900,
      currency: 'TWD',
    });
    expect(feed.recommended.length).toBe(10);
    expect(feed.hotKeywords[0].keyword).toBe('日本');
  });
  it('lists destinations with their offers, countries or regions', async () => {
    const regions = await call(t.app, 'GET', 'app/goods/destinations', { query: { kind: 'region' } });
    expect(regions.data.map((d: { code: string }) => d.code).sort()).toEqual([
      'AMERICAS',
      'ASIA',
      'EU',
      'GLOBAL',
      'SEA',
    ]);
    const eu = regions.data.find((d: { code: string }) => d.code === 'EU');
    expect(eu.countries).toContain('FR');
    expect(eu.name).toBe('Europe');
    const all = await call(t.app, 'GET', 'app/goods/destinations', {});
    expect(all.data.length).toBe(32);
  });
});

describe('reviews', () => {
  it('pages reviews of a goods newest first, with filters by rating and pictures', async () => {
    const all = await call(t.app, 'POST', 'app/goods/comment/page', { body: { goodsId: japan, size: 50 } });
    expect(all.code).toBe(1000);
    expect(all.data.pagination.total).toBe(8);
    const times = all.data.list.map((c: { createdAt: string }) => c.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const fives = await call(t.app, 'POST', 'app/goods/comment/page', {
      body: { goodsId: japan, rating: 5 },
    });
    expect(fives.data.list.every((c: { rating: number }) => c.rating === 5)).toBe(true);
    const pictured = await call(t.app, 'POST', 'app/goods/comment/page', {
      body: { goodsId: japan, hasPictures: true },
    });
    expect(pictured.data.list.length).toBeGreaterThan(0);
    expect(pictured.data.list.every((c: { pictures: string[] }) => c.pictures.length > 0)).toBe(true);
    const bad = await call(t.app, 'POST', 'app/goods/comment/page', { body: { goodsId: japan, rating: 6 } });
    expect(bad.data).toEqual({ field: 'rating' });
  });
  it('masks the nickname of anonymous reviews and hides their avatar', async () => {
    const res = await call(t.app, 'POST', 'app/goods/comment/page', { body: { goodsId: japan, size: 50 } });
    const anon = res.data.list.filter((c: { anonymous: number }) => c.anonymous === 1);
    expect(anon.length).toBeGreaterThan(0);
    for (const c of anon) {
      expect(c.nickname).toMatch(/\*/);
      expect(c.avatarUrl).toBeNull();
    }
    expect(res.data.list.some((c: { specName: string | null }) => c.specName === '5 GB / 15 days')).toBe(
      true,
    );
  });
  it('sums up the ratings of a goods, matching the goods detail', async () => {
    const summary = await call(t.app, 'GET', 'app/goods/comment/summary', {
      query: { goodsId: String(japan) },
    });
    expect(summary.data.count).toBe(8);
    expect(summary.data.ratings.map((r: { rating: number }) => r.rating)).toEqual([5, 4, 3, 2, 1]);
    expect(summary.data.ratings.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(8);
    const detail = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(japan) } });
    expect(detail.data.rating).toEqual({ average: summary.data.average, count: 8 });
  });
  it("shows a buyer's reviews of an order to that buyer only, and needs a login for it", async () => {
    const anonymous = await call(t.app, 'POST', 'app/goods/comment/page', { body: { orderId: 1 } });
    expect(anonymous.status).toBe(401);
    const user = await createUser(t.ctx);
    const mine = await call(t.app, 'POST', 'app/goods/comment/page', {
      body: { orderId: 1 },
      token: user.token,
    });
    expect(mine.code).toBe(1000);
    expect(mine.data.pagination.total).toBe(0);
  });
});

describe('stock log', () => {
  it('refuses shoppers (app tokens) and anonymous callers on the operator views', async () => {
    const user = await createUser(t.ctx);
    for (const [method, url, opts] of [
      ['POST', 'app/goods/stockLog/page', { body: {} }],
      ['POST', 'app/goods/stockLog/list', { body: {} }],
      ['GET', 'app/goods/stockLog/info', { query: { id: '1' } }],
    ] as const) {
      expect((await call(t.app, method, url, opts)).status).toBe(401);
      expect((await call(t.app, method, url, { ...opts, token: user.token })).status).toBe(401);
    }
  });
  it('lets an operator read the log: the starting stock of every spec, logged as admin', async () => {
    const op = await createOperator(t.ctx, 'catalogue');
    const res = await call(t.app, 'POST', 'app/goods/stockLog/page', {
      body: { goodsId: adapter },
      token: op.token,
    });
    expect(res.code).toBe(1000);
    expect(res.data.pagination.total).toBe(2);
    expect(res.data.list[0]).toMatchObject({
      goodsId: adapter,
      type: 'admin',
      goodsTitle: 'Universal travel adapter',
    });
    const info = await call(t.app, 'GET', 'admin/goods/stockLog/info', {
      query: { id: String(res.data.list[0].id) },
      token: op.token,
    });
    expect(info.data.id).toBe(res.data.list[0].id);
    const list = await call(t.app, 'POST', 'admin/goods/stockLog/list', {
      body: { type: 'order' },
      token: op.token,
    });
    expect(list.data).toEqual([]);
  });
  it('gives anyone a buyer-safe history without stock levels', async () => {
    const res = await call(t.app, 'GET', 'app/goods/stockLog/history', {
      query: { goodsId: String(adapter) },
    });
    expect(res.code).toBe(1000);
    expect(res.data).toEqual([]);
  });
});

describe('pictures and documentation', () => {
  it('serves generated pictures as safe, long-cached SVG', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/static/catalogue/flag-jp.svg?v=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).not.toMatch(/<script/i);
    const goods = await t.app.inject({ method: 'GET', url: '/static/catalogue/goods-esim-jp.svg' });
    expect(goods.statusCode).toBe(200);
  });
  it('draws a flag nobody wrote on demand, and answers 404 for anything else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/static/catalogue/flag-pt.svg' })).statusCode).toBe(
      200,
    );
    for (const url of [
      '/static/catalogue/flag-zz.svg',
      '/static/catalogue/..%2f..%2fetc%2fpasswd',
      '/static/catalogue/nope.svg',
      '/static/catalogue/x.png',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
  it('documents every catalogue call in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/swagger/json' });
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/app/goods/type/list',
      '/api/app/goods/info/page',
      '/api/app/goods/info/info',
      '/api/app/goods/list',
      '/api/app/goods/home',
      '/api/app/goods/spec/list',
      '/api/app/goods/spec/page',
      '/api/app/goods/spec/info',
      '/api/app/goods/saleType/getBySaleType',
      '/api/app/goods/saleType/info',
      '/api/app/goods/saleType/list',
      '/api/app/market/banner/list',
      '/api/app/goods/searchKeyword/list',
      '/api/app/goods/comment/page',
      '/api/app/goods/stockLog/history',
      '/api/admin/goods/info/add',
      '/api/admin/goods/stock/change',
    ])
      expect(paths).toContain(p);
  });
});
