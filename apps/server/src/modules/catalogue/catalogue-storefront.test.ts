import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, payOrder } from '../order/order.fixtures';
import { insertGoodsComment } from './catalogue-reviews.repository';
import { demoGoodsId } from './catalogue.fixtures';

// Issue 12: the plan facts behind the goods page's cards, the coverage list, the eSIM device check and
// verified-purchase reviews.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const detail = async (id: number, language = 'en') =>
  (await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(id) }, language })).data;

describe('plan facts', () => {
  it('gives each spec its speed and hotspot, and the goods its activation policy', async () => {
    const japan = await detail(await demoGoodsId(t.app, 'Japan eSIM data plan'));
    expect(japan.activation).toBe('connect');
    expect(japan.specs.map((s: { speed: string }) => s.speed)).toEqual(['5G', '5G', '5G', '5G']);
    expect(japan.specs.map((s: { hotspot: boolean }) => s.hotspot)).toEqual([true, true, true, false]);
    expect(japan.coverageCountries).toEqual([
      expect.objectContaining({ code: 'JP', name: 'Japan', networks: ['NTT Docomo', 'SoftBank', 'KDDI au'] }),
    ]);
  });

  it('expands a region into its countries, sorted by name in the reader language, with networks', async () => {
    const id = await demoGoodsId(t.app, 'Europe eSIM data plan');
    const fr = await detail(id, 'fr');
    const names = fr.coverageCountries.map((c: { name: string }) => c.name);
    expect(names.length).toBeGreaterThan(15);
    expect(names).toContain('Allemagne');
    expect([...names].sort((a, b) => a.localeCompare(b, 'fr'))).toEqual(names);
    const france = fr.coverageCountries.find((c: { code: string }) => c.code === 'FR');
    expect(france.networks).toEqual(['Orange', 'SFR', 'Bouygues']);
    const poland = fr.coverageCountries.find((c: { code: string }) => c.code === 'PL');
    expect(poland).toMatchObject({ name: 'Pologne', networks: [] });
    expect(poland.flag).toMatch(/flag-pl\.svg/);
  });

  it('leaves the facts empty on goods that are not plans', async () => {
    const adapter = await detail(await demoGoodsId(t.app, 'Universal travel adapter'));
    expect(adapter.activation).toBeNull();
    expect(adapter.coverageCountries).toEqual([]);
    expect(adapter.specs[0]).toMatchObject({ speed: null, hotspot: null });
  });
});

describe('eSIM device check', () => {
  const list = (keyWord?: string) =>
    call(t.app, 'GET', 'app/goods/esimDevice/list', { query: keyWord === undefined ? {} : { keyWord } });

  it('lists the seeded models by brand', async () => {
    const res = await list();
    expect(res.code).toBe(1000);
    expect(res.data.map((b: { brand: string }) => b.brand).slice(0, 3)).toEqual([
      'Apple',
      'Samsung',
      'Google',
    ]);
    expect(res.data[0].models).toContain('iPhone 15 Pro');
  });

  it('keeps the models matching every word, any case', async () => {
    const res = await list('IPHONE 15');
    expect(res.data).toEqual([
      { brand: 'Apple', models: ['iPhone 15 Pro Max', 'iPhone 15 Pro', 'iPhone 15 Plus', 'iPhone 15'] },
    ]);
    expect((await list('pixel 8')).data[0].models).toEqual(['Pixel 8 Pro', 'Pixel 8', 'Pixel 8a']);
    expect((await list('samsung')).data[0].models.length).toBeGreaterThan(20);
    expect((await list('nokia 3310')).data).toEqual([]);
  });

  it('refuses a key word that is too long with a field error, not a 500', async () => {
    const res = await list('x'.repeat(65));
    expect(res.code).toBe(1001);
    expect(res.status).toBeLessThan(500);
  });
});

describe('verified purchase', () => {
  it("marks a review verified only when the reviewer's paid order holds the goods", async () => {
    const plan = await goodsFixture(t.ctx);
    const buyer = await createUser(t.ctx);
    const order = (await buyNow(t, buyer, plan.specIds[0]!)).data;
    expect(await payOrder(t, order.id)).toBe(true);
    const res = await call(t.app, 'POST', 'app/goods/comment/submit', {
      token: buyer.token,
      body: { orderId: order.id, specId: plan.specIds[0], rating: 5, content: 'Bought and used it' },
    });
    expect(res.code, res.message).toBe(1000);
    // a review carrying someone else's order id is not verified
    const other = await createUser(t.ctx);
    await insertGoodsComment(t.ctx.db, {
      goodsId: plan.goodsId,
      specId: null,
      orderId: order.id,
      userId: other.id,
      nickname: 'Not the buyer',
      avatarUrl: null,
      anonymous: 0,
      rating: 1,
      content: 'Never bought it',
      pictures: [],
      createdAt: Date.now() + 1000,
    });
    const page = await call(t.app, 'POST', 'app/goods/comment/page', {
      body: { goodsId: plan.goodsId, page: 1, size: 10 },
    });
    const byContent = Object.fromEntries(
      page.data.list.map((c: { content: string; verified: boolean }) => [c.content, c.verified]),
    );
    expect(byContent).toEqual({ 'Bought and used it': true, 'Never bought it': false });
  });
});
