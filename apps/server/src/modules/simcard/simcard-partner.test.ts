import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { fakeChannel, paidBody, postCallback } from '../payment/payment.fixtures';
import {
  drainJobs,
  lineIdsOf,
  orderAndAttempt,
  partnerGoods,
  partnerRig,
  type PartnerRig,
} from './simcard.fixtures';
import { markedUpPrice, syncCatalogue } from './simcard-sync.service';

let t: TestApp;
let rig: PartnerRig;
let admin: string;
beforeAll(async () => {
  rig = await partnerRig();
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PARTNER_SYNC_MINUTES: '0', SIM_USAGE_REFRESH_MINUTES: '0' },
    providers: { payments: { wechat: fakeChannel('wechat').ch }, planPartner: rig.partner },
  });
  rig.bind(() => t);
  admin = (
    await call(t.app, 'POST', 'admin/base/open/login', {
      body: { username: 'admin', password: 'admin123456' },
    })
  ).data.token as string;
});
afterAll(async () => {
  await t.close();
  await rig.server.close();
});

const specOf = (id: number) =>
  t.ctx.db.selectFrom('goods_spec').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('catalogue sync', () => {
  it('prices by the markup rule (whole units, rounded up)', () => {
    expect(markedUpPrice(650, { fxRate: 32, markupPercent: 40 })).toBe(29_200); // 291.2 -> 292 TWD
    expect(markedUpPrice(667, { fxRate: 32, markupPercent: 40 })).toBe(29_900); // 298.8 -> 299
    expect(markedUpPrice(1000, { fxRate: 1, markupPercent: 0 })).toBe(1_000);
  });

  it("keeps a dropped package's spec (hidden, cart intact) and brings it back; price changes follow", async () => {
    const g = await partnerGoods(t, 'JP-5GB-7D', { price: 1 });
    const specId = g.specIds[0]!;
    const buyer = await createUser(t.ctx);
    const added = await call(t.app, 'POST', 'app/user/cart/add', {
      token: buyer.token,
      body: { specId, quantity: 1 },
    });
    const first = await syncCatalogue(t.ctx);
    expect(first.updated).toBeGreaterThanOrEqual(1);
    expect(Number((await specOf(specId)).price)).toBe(29_200);
    // a new single-country package lands as a spec of our goods for that country (demo: the Korea eSIM)
    const kr = await t.ctx.db
      .selectFrom('goods_spec')
      .select('goods_id')
      .where('sku', '=', 'KR-3GB-5D')
      .execute();
    expect(kr.length).toBeGreaterThanOrEqual(1);

    rig.priceOverride.set('JP-5GB-7D', 700);
    await syncCatalogue(t.ctx);
    expect(Number((await specOf(specId)).price)).toBe(31_400); // 313.6 -> 314

    rig.dropped.add('JP-5GB-7D');
    const gone = await syncCatalogue(t.ctx);
    expect(gone.unavailable).toBeGreaterThanOrEqual(1);
    const hidden = await specOf(specId);
    expect(Number(hidden.status)).toBe(0);
    expect(hidden.deleted_at).toBeNull();
    expect(hidden.sku).toBe('JP-5GB-7D');
    expect(added.code, added.message).toBe(1000);
    const cart = await call(t.app, 'GET', 'app/user/cart/list', { token: buyer.token });
    expect(cart.code, cart.message).toBe(1000);
    expect(JSON.stringify(cart.data)).toContain(String(specId));
    const goods = await call(t.app, 'GET', 'app/goods/info/info', { query: { id: String(g.goodsId) } });
    expect(goods.status).toBe(200);

    rig.dropped.delete('JP-5GB-7D');
    rig.priceOverride.delete('JP-5GB-7D');
    await syncCatalogue(t.ctx);
    expect(Number((await specOf(specId)).status)).toBe(1);
    expect(Number((await specOf(specId)).price)).toBe(29_200);
  });

  it('runs as an operator command; a buyer cannot', async () => {
    const ok = await call(t.app, 'POST', 'admin/simcard/catalogue/sync', { token: admin });
    expect(ok.code, ok.message).toBe(1000);
    expect(ok.data).toMatchObject({ created: expect.any(Number), updated: expect.any(Number) });
    const buyer = await createUser(t.ctx);
    expect(
      (await call(t.app, 'POST', 'admin/simcard/catalogue/sync', { token: buyer.token })).status,
    ).not.toBe(200);
  });
});

describe('app/billion/api', () => {
  it('serves countries, pickup sites and carriers to buyers; wholesale prices to operators only', async () => {
    const buyer = await createUser(t.ctx);
    const countries = await call(t.app, 'GET', 'app/billion/api/country/list', { token: buyer.token });
    expect(countries.data).toContainEqual({ code: 'JP', name: 'Japan', region: 'East Asia' });
    const sites = await call(t.app, 'GET', 'app/billion/api/pickup/sites', {
      token: buyer.token,
      query: { country: 'jp' },
    });
    expect(sites.data.map((s: { country: string }) => s.country)).toEqual(['JP']);
    const carriers = await call(t.app, 'GET', 'app/billion/api/logistics/companies', { token: buyer.token });
    expect(carriers.data.map((c: { code: string }) => c.code)).toContain('SF');
    expect((await call(t.app, 'GET', 'app/billion/api/commodities', { token: buyer.token })).status).not.toBe(
      200,
    );
    const list = await call(t.app, 'GET', 'app/billion/api/commodities', {
      token: admin,
      query: { country: 'JP' },
    });
    expect(list.code, list.message).toBe(1000);
    expect(list.data.find((c: { code: string }) => c.code === 'JP-5GB-7D')).toMatchObject({
      wholesalePrice: 650,
      wholesaleCurrency: 'USD',
      ourPrice: 29_200,
    });
    const price = await call(t.app, 'GET', 'app/billion/api/commodity/price', {
      token: admin,
      query: { code: 'NOPE' },
    });
    expect(price.code).not.toBe(1000);
    expect(price.status).toBe(200);
  });

  it("creates a paid order's partner order once, and reads usage and validity of the buyer's card", async () => {
    const buyer = await createUser(t.ctx);
    const g = await partnerGoods(t, 'JP-5GB-7D');
    const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
    const early = await call(t.app, 'POST', 'app/billion/api/order/card/create', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(early.code).not.toBe(1000); // unpaid
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
    const made = await call(t.app, 'POST', 'app/billion/api/order/card/create', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(made.code, made.message).toBe(1000);
    expect(made.data.delivery).toBe('delivered');
    const again = await call(t.app, 'POST', 'app/billion/api/order/card/create', {
      token: buyer.token,
      body: { orderId: id },
    });
    expect(again.data.lines).toEqual(made.data.lines);
    await drainJobs(t);
    const [lineId] = await lineIdsOf(t, id);
    expect(rig.ordersWith(`line-${lineId}`)).toBe(1);
    const iccid = made.data.lines[0].iccids[0] as string;
    const usage = await call(t.app, 'POST', 'app/billion/api/plan/usage', {
      token: buyer.token,
      body: { iccid },
    });
    expect(usage.code, usage.message).toBe(1000);
    expect(usage.data).toMatchObject({ iccid, status: 'not_installed' });
    const validity = await call(t.app, 'POST', 'app/billion/api/card/validity', {
      token: buyer.token,
      body: { iccid },
    });
    expect(validity.data).toMatchObject({ iccid, status: 'not_installed', validUntil: null });
    const bad = await call(t.app, 'POST', 'app/billion/api/card/validity', {
      token: buyer.token,
      body: { iccid: '123' },
    });
    expect(bad.code).toBe(1001);
  });

  it('operators cancel a partner order not yet installed', async () => {
    const buyer = await createUser(t.ctx);
    const g = await partnerGoods(t, 'JP-5GB-7D');
    const { id, attemptNo } = await orderAndAttempt(t, buyer, g.specIds[0]!);
    await postCallback(t, '/api/app/order/pay/wxNotify', paidBody(attemptNo, 10_000));
    await drainJobs(t);
    const [lineId] = await lineIdsOf(t, id);
    expect(
      (
        await call(t.app, 'POST', 'app/billion/api/order/cancel', {
          token: buyer.token,
          body: { orderLineId: lineId },
        })
      ).status,
    ).not.toBe(200);
    const res = await call(t.app, 'POST', 'app/billion/api/order/cancel', {
      token: admin,
      body: { orderLineId: lineId },
    });
    expect(res.code, res.message).toBe(1000);
    expect(res.data.state).toBe('cancelled');
  });
});
