import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { injectFirstScreen } from '../../platform/static';
import { createOperator, demoGoodsId } from '../catalogue/catalogue.fixtures';
import { tripPlannerFirstScreen, websiteFirstScreen } from './trip-website';

// Issue 27: plan by trip over the demo catalogue, and the wrong-plan check.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const plan = (body: unknown, language = 'en') =>
  call(t.app, 'POST', 'app/goods/trip/plan', { body, language });
type Item = { kind: string; title: string; specName: string; from: string; to: string; price: number };
type Option = { kind: string; total: number; esimCount: number; items: Item[] };

describe('plan by trip', () => {
  it('two weeks in Japan: an eSIM and a top-up for the second week, then the alternatives', async () => {
    const res = await plan({ legs: [{ country: 'JP', from: day(10), to: day(23) }] });
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ days: 14, uncovered: [], countries: [{ code: 'JP', name: 'Japan' }] });
    const [cheapest, ...rest] = res.data.options as Option[];
    expect(cheapest!.kind).toBe('cheapest');
    expect(cheapest!.total).toBe(22_800);
    expect(cheapest!.items.map((i) => [i.kind, i.from, i.to, i.price])).toEqual([
      ['esim', day(10), day(16), 12_900],
      ['topup', day(17), day(23), 9_900],
    ]);
    // the unlimited alternative costs more and says so
    const unlimited = rest.find((o) => o.kind === 'unlimited');
    expect(unlimited!.total).toBe(2 * 49_900);
    // one eSIM with a top-up is already the cheapest: not repeated
    expect(rest.some((o) => o.kind === 'oneEsim')).toBe(false);
  });

  it('France, Germany, Italy: one Europe plan and one country plan, named in the reader language', async () => {
    const res = await plan(
      {
        legs: [
          { country: 'FR', from: day(5), to: day(8) },
          { country: 'DE', from: day(9), to: day(11) },
          { country: 'IT', from: day(12), to: day(14) },
        ],
      },
      'fr',
    );
    const cheapest = (res.data.options as Option[])[0]!;
    expect(cheapest.total).toBe(36_800);
    expect(cheapest.items).toHaveLength(2);
    expect(res.data.countries.map((c: { name: string }) => c.name)).toEqual([
      'Allemagne',
      'France',
      'Italie',
    ]);
    // one eSIM for the whole trip is offered beside it
    const one = (res.data.options as Option[]).find((o) => o.kind === 'oneEsim');
    expect(one!.esimCount).toBe(1);
    expect(one!.total).toBeGreaterThan(cheapest.total);
  });

  it('counts the daily use when given', async () => {
    const res = await plan({ legs: [{ country: 'JP', from: day(1), to: day(7) }], mbPerDay: 1024 });
    const cheapest = (res.data.options as Option[])[0]!;
    // 1 GB plans last a day each: the 5 GB / 15-day plan (five days) plus 1 GB top-ups, or unlimited
    expect(cheapest.total).toBeLessThanOrEqual(49_900);
    expect(cheapest.items.at(-1)!.to).toBe(day(7));
  });

  it('refuses bad trips in the reader language, before anything', async () => {
    const reversed = await plan({ legs: [{ country: 'JP', from: day(5), to: day(2) }] }, 'zh-Hant');
    expect(reversed.code).toBe(8300);
    expect(reversed.message).toBe('日本 的結束日期早於開始日期，請檢查日期');
    expect((await plan({ legs: [{ country: 'JP', from: day(1), to: day(120) }] })).code).toBe(8301);
    expect((await plan({ legs: [{ country: 'EU', from: day(1), to: day(2) }] })).code).toBe(8302);
    expect((await plan({ legs: [{ country: 'JP', from: day(-30), to: day(-20) }] }, 'es')).message).toBe(
      'El viaje ya terminó: elige fechas a partir de hoy',
    );
    const badDay = await plan({ legs: [{ country: 'JP', from: '2026-02-30', to: day(2) }] }, 'fr');
    expect(badDay.message).toBe('Premier jour : n’est pas une date valide (AAAA-MM-JJ)');
  });

  it('says which countries no plan covers and plans the others', async () => {
    const res = await plan({
      legs: [
        { country: 'JP', from: day(1), to: day(3) },
        { country: 'NG', from: day(4), to: day(6) },
      ],
    });
    // no plan on sale lists Nigeria, not even the Global one: reported, and Japan is still planned
    expect(res.data.uncovered).toEqual([{ code: 'NG', name: 'Nigeria' }]);
    expect((res.data.options as Option[])[0]).toMatchObject({ total: 12_900, esimCount: 1 });
  });
});

describe('never the wrong plan', () => {
  const check = (query: Record<string, string>, token?: string, language = 'en') =>
    call(t.app, 'GET', 'app/goods/trip/check', { query, token, language });

  it('warns that Australia is easily taken for Austria', async () => {
    const id = await demoGoodsId(t.app, 'Australia eSIM data plan');
    const res = await check({ goodsId: String(id) }, undefined, 'zh-Hant');
    expect(res.data.warnings).toEqual([
      {
        kind: 'confusable',
        country: { code: 'AU', name: '澳洲' },
        otherwise: [{ code: 'AT', name: '奧地利' }],
      },
    ]);
  });

  it("warns a buyer whose phone is Taiwan's before they buy a Taiwan plan, and not a visitor", async () => {
    const id = String(await demoGoodsId(t.app, 'Taiwan eSIM data plan'));
    const user = await createUser(t.ctx, {});
    expect((await check({ goodsId: id }, user.token)).data.warnings).toEqual([
      { kind: 'home', country: { code: 'TW', name: 'Taiwan' } },
    ]);
    expect((await check({ goodsId: id })).data.warnings).toEqual([]);
  });

  it('warns when the trip is longer than the plan lasts', async () => {
    const id = await demoGoodsId(t.app, 'Japan eSIM data plan');
    const info = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(id) } });
    const week = info.data.specs.find((s: { validityDays: number }) => s.validityDays === 7);
    const res = await check({ goodsId: String(id), specId: String(week.id), from: day(1), to: day(10) });
    expect(res.data.warnings).toEqual([{ kind: 'validity', tripDays: 10, validityDays: 7 }]);
    const fits = await check({ goodsId: String(id), specId: String(week.id), from: day(1), to: day(7) });
    expect(fits.data.warnings).toEqual([]);
  });
});

describe('honest plans: the price ladder check', () => {
  it('shows catalogue operators a plan dearer than a bigger, longer one of the same goods', async () => {
    const { token } = await createOperator(t.ctx, 'catalogue');
    const list = async () => (await call(t.app, 'GET', 'admin/goods/planLadder/list', { token })).data;
    expect(await list()).toEqual([]);
    const korea = await demoGoodsId(t.app, 'South Korea eSIM data plan');
    const specs = (await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(korea) } })).data
      .specs;
    const [week, fortnight] = specs as { id: number; name: string; price: number }[];
    // 5 GB / 15 days made cheaper than 1 GB / 7 days
    await t.ctx.db.updateTable('goods_spec').set({ price: 9_900 }).where('id', '=', fortnight!.id).execute();
    expect(await list()).toEqual([
      {
        goodsId: korea,
        title: 'South Korea eSIM data plan',
        onSale: true,
        dearer: { specId: week!.id, name: week!.name, price: week!.price },
        better: { specId: fortnight!.id, name: fortnight!.name, price: 9_900 },
        more: 'both',
      },
    ]);
    const { token: support } = await createOperator(t.ctx, 'support');
    expect((await call(t.app, 'GET', 'admin/goods/planLadder/list', { token: support })).code).not.toBe(1000);
  });
});

describe('the desktop landing page', () => {
  it('tells search engines its title, description and the plans on sale, in the visitor language', async () => {
    const screen = await websiteFirstScreen(t.ctx, 'fr');
    const html = injectFirstScreen(
      '<html><head><title>SimShop</title></head><body><div id="root"></div></body></html>',
      screen,
      'fr',
      0,
    );
    expect(html).toContain('<title>SimShop : eSIM de voyage et forfaits data pour chaque voyage</title>');
    expect(html).toMatch(/<meta name="description" content="eSIM et cartes SIM de voyage[^"]+">/);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld['@type']).toBe('ItemList');
    const japan = ld.itemListElement.find((e: { item: { name: string } }) => e.item.name.includes('Japon'));
    expect(japan.item).toMatchObject({
      '@type': 'Product',
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'TWD',
        lowPrice: '129',
        highPrice: '699',
        offerCount: 4,
      },
    });
    expect(japan.item.url).toMatch(/\/pages\/goods\/detail\?id=\d+$/);
  });

  it('and the planner and the landing page find their destinations in the page, as the API answers them', async () => {
    // Lighthouse (issue 27): the planner's code and its one call are in the page it is served, not asked for later
    const api = await call(t.app, 'GET', 'app/goods/destinations?limit=300', { language: 'fr' });
    expect(api.code).toBe(1000);
    expect(api.data.length).toBeGreaterThan(5);
    for (const screen of [await tripPlannerFirstScreen(t.ctx, 'fr'), await websiteFirstScreen(t.ctx, 'fr')]) {
      expect(screen.calls.map((c) => [c.call, c.input])).toEqual([
        ['GET app/goods/destinations', { limit: 300 }],
      ]);
      expect(JSON.parse(screen.calls[0]!.json)).toEqual({ code: 1000, data: api.data, message: 'success' });
      expect(screen.image).toBeNull();
    }
  });
});

describe('honest plans: no unlimited plan on sale without its terms', () => {
  it('refuses an unlimited spec without its daily high-speed data, speed after and hotspot rule', async () => {
    const { token } = await createOperator(t.ctx, 'catalogue');
    const admin = (url: string, body: unknown, language = 'en') =>
      call(t.app, 'POST', `admin/${url}`, { body, token, language });
    const goodsId = await demoGoodsId(t.app, 'Thailand eSIM data plan');
    const before = await t.ctx.db
      .selectFrom('goods_spec')
      .select('id')
      .where('goods_id', '=', goodsId)
      .execute();
    const bare = { goodsId, price: 39_900, stock: 5, allowance: 'daily', dataMb: null, validityDays: 5 };
    const refused = await admin('goods/spec/add', { ...bare, hotspot: 1, highSpeedMbPerDay: 1024 }, 'fr');
    expect(refused.code).toBe(8304);
    expect(refused.message).toMatch(/^Le forfait illimité « .+ » ne peut être mis en vente sans/);
    // nothing written
    expect(
      await t.ctx.db.selectFrom('goods_spec').select('id').where('goods_id', '=', goodsId).execute(),
    ).toHaveLength(before.length);
    const added = await admin('goods/spec/add', {
      ...bare,
      hotspot: 1,
      highSpeedMbPerDay: 1024,
      throttleKbps: 384,
    });
    expect(added.code).toBe(1000);
    const info = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(goodsId) } });
    expect(info.data.specs.find((s: { id: number }) => s.id === added.data.id)).toMatchObject({
      highSpeedMbPerDay: 1024,
      throttleKbps: 384,
      hotspot: true,
    });
    // taking a term away again is refused too
    expect((await admin('goods/spec/update', { id: added.data.id, throttleKbps: null })).code).toBe(8304);
  });

  it('lets an unlimited spec without terms wait off sale, and refuses to put it on sale', async () => {
    const { token } = await createOperator(t.ctx, 'catalogue');
    const admin = (url: string, body: unknown) => call(t.app, 'POST', `admin/${url}`, { body, token });
    const goodsId = await demoGoodsId(t.app, 'Vietnam eSIM data plan');
    expect((await admin('goods/info/onSale', { ids: [goodsId], onSale: 0 })).code).toBe(1000);
    const draft = await admin('goods/spec/add', {
      goodsId,
      price: 39_900,
      stock: 5,
      allowance: 'daily',
      dataMb: null,
      validityDays: 5,
    });
    expect(draft.code).toBe(1000);
    expect((await admin('goods/info/onSale', { ids: [goodsId], onSale: 1 })).code).toBe(8304);
    const row = await t.ctx.db
      .selectFrom('goods')
      .select('on_sale')
      .where('id', '=', goodsId)
      .executeTakeFirst();
    expect(Number(row!.on_sale)).toBe(0);
  });
});
