import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/fixtures';
import { fakeChannel, paidBody, postCallback } from '../payment/payment.fixtures';
import { coveredCountries, planSpecName } from '../catalogue';
import { drainJobs, lineIdsOf, orderAndAttempt, partnerRig, type PartnerRig } from './simcard.fixtures';
import { markedUpPrice, syncCatalogue } from './simcard-sync.service';

/**
 * The demo catalogue against the plan partner simulator: every eSIM plan and every top-up the shop sells is
 * a partner package of the same destination and shape, at the price the shop shows, and buying one delivers.
 */

let t: TestApp;
let rig: PartnerRig;
beforeAll(async () => {
  rig = await partnerRig();
  t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PARTNER_SYNC_MINUTES: '0', SIM_USAGE_REFRESH_MINUTES: '0' },
    providers: { payments: { wechat: fakeChannel('wechat').ch }, planPartner: rig.partner },
  });
  rig.bind(() => t);
});
afterAll(async () => {
  await t.close();
  await rig.server.close();
});

const GB = 1024 ** 3;

/** Every enabled spec of the demo's virtual eSIM and top-up goods, with its goods' destination. */
const virtualSpecs = () =>
  t.ctx.db
    .selectFrom('goods_spec as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .innerJoin('sale_type as st', 'st.id', 'g.sale_type_id')
    .innerJoin('goods_destination as d', 'd.goods_id', 'g.id')
    .select([
      's.id',
      's.sku',
      's.price',
      's.data_mb',
      's.allowance',
      's.validity_days',
      'g.id as goodsId',
      'g.need_fill_card as needFillCard',
      'st.code as saleType',
      'd.code as dest',
    ])
    .where('g.goods_type', '=', 1)
    .where('st.code', 'in', ['esim', 'topup'])
    .where('g.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.id')
    .execute();

/** Buys one seeded spec with WeChat Pay (the order's own total) and runs the delivery jobs. */
async function buy(buyer: Awaited<ReturnType<typeof createUser>>, specId: number, body = {}) {
  const { id, attemptNo } = await orderAndAttempt(t, buyer, specId, body);
  const order = await t.ctx.db
    .selectFrom('shop_order')
    .select('total_amount')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const reply = await postCallback(
    t,
    '/api/app/order/pay/wxNotify',
    paidBody(attemptNo, Number(order.total_amount)),
  );
  expect(reply.statusCode).toBe(204);
  await drainJobs(t);
  return id;
}

const specOf = async (dest: string, saleType: string, dataMb: number) => {
  const s = (await virtualSpecs()).find(
    (x) => x.dest === dest && x.saleType === saleType && Number(x.data_mb) === dataMb,
  );
  if (!s) throw new Error(`no ${saleType} ${dest} ${dataMb} MB in the demo catalogue`);
  return s;
};

describe('the demo catalogue and the plan partner', () => {
  it('every eSIM plan and top-up is a partner package of its destination and shape, at its price', async () => {
    const specs = await virtualSpecs();
    // 27 countries and 5 regions with four plans each, three top-ups with three sizes each
    expect(specs.filter((s) => s.saleType === 'esim')).toHaveLength(32 * 4);
    expect(specs.filter((s) => s.saleType === 'topup')).toHaveLength(3 * 3);
    const packages = new Map((await rig.partner.commodities()).map((c) => [c.code, c]));
    for (const s of specs) {
      const where = `${s.saleType} ${s.dest} spec ${s.id} (${s.sku})`;
      expect(s.sku, where).toBeTruthy();
      const p = packages.get(s.sku!);
      expect(p, where).toBeDefined();
      expect(p!.kind, where).toBe(s.saleType === 'topup' ? 'topup' : 'esim');
      expect(Number(s.needFillCard), where).toBe(s.saleType === 'topup' ? 1 : 0);
      expect(p!.validityDays, where).toBe(Number(s.validity_days));
      expect(p!.dataBytes, where).toBe(s.data_mb === null ? null : Number(s.data_mb) * 1024 * 1024);
      // the package serves every country the goods page lists under the plan
      const covered = coveredCountries([s.dest], {}, 'en').map((c) => c.code);
      const served = covered.length > 0 ? covered : [s.dest];
      expect(
        served.filter((c) => !p!.countries.includes(c)),
        where,
      ).toEqual([]);
      // the markup rule gives back the price the buyer sees, so a sync moves no demo price
      expect(markedUpPrice(p!.price, t.ctx.config.simcard), where).toBe(Number(s.price));
    }
    const before = new Map(specs.map((s) => [s.id, Number(s.price)]));
    await syncCatalogue(t.ctx);
    const after = await virtualSpecs();
    for (const s of after)
      if (before.has(s.id)) expect(Number(s.price), `spec ${s.id}`).toBe(before.get(s.id));
    // and adds no second option of a shape a goods already sells (two identical buttons on its page)
    const shapes = after.map((s) => `${s.goodsId} ${s.data_mb} ${s.allowance} ${s.validity_days}`);
    expect(shapes.filter((k, i) => shapes.indexOf(k) !== i)).toEqual([]);
  });

  it('a regional plan, a single-country plan and an unlimited one each deliver a card; a global top-up lands', async () => {
    const buyer = await createUser(t.ctx);
    const europe = await specOf('EU', 'esim', 5120);
    const usa = await specOf('US', 'esim', 1024);
    const unlimited = (await virtualSpecs()).find((s) => s.dest === 'TH' && s.allowance === 'daily')!;
    const orders = [];
    for (const s of [europe, usa, unlimited]) orders.push(await buy(buyer, Number(s.id)));
    for (const id of orders) {
      const o = await call(t.app, 'GET', 'app/order/info/info', {
        token: buyer.token,
        query: { id: String(id) },
      });
      expect(o.data.delivery, `order ${id}`).toBe('delivered');
    }
    const cards = await t.ctx.db
      .selectFrom('sim_card')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    expect(cards.map((c) => c.commodity_code)).toEqual(['EU-5GB-15D', 'US-1GB-7D', 'TH-UNL-7D']);
    expect(cards.map((c) => (c.total_bytes === null ? null : Number(c.total_bytes)))).toEqual([
      5 * GB,
      GB,
      null,
    ]);
    expect(JSON.parse(cards[0]!.countries)).toEqual(expect.arrayContaining(['FR', 'DE', 'CZ']));
    for (const c of cards) expect(rig.sim.state.sims.has(c.iccid)).toBe(true);

    // a global top-up on the European card: one partner top-up, on that card only
    const topUp = await specOf('GLOBAL', 'topup', 1024);
    const eu = cards[0]!;
    const id = await buy(buyer, Number(topUp.id), { cardNumber: eu.iccid });
    const [lineId] = await lineIdsOf(t, id);
    expect(rig.ordersWith(`line-${lineId}`)).toBe(1);
    const after = await t.ctx.db
      .selectFrom('sim_card')
      .select(['iccid', 'total_bytes'])
      .where('user_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    expect(after.map((c) => (c.total_bytes === null ? null : Number(c.total_bytes)))).toEqual([
      6 * GB,
      GB,
      null,
    ]);
    expect(rig.sim.state.sims.get(eu.iccid)?.totalBytes).toBe(6 * GB);
  });

  it("SIM card pages and notices name the plan in the reader's language, from the shop's texts", async () => {
    const buyer = await createUser(t.ctx);
    const europe = await specOf('EU', 'esim', 5120);
    await buy(buyer, Number(europe.id));
    const card = await t.ctx.db
      .selectFrom('sim_card')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    // the partner's own name is English and its own
    expect(card.plan_name).toBe('Europe 19 countries 5 GB 15 days');
    const spec = { data_mb: 5120, allowance: 'total' as const, validity_days: 15 };
    const expected = {
      'zh-Hant': `歐洲 eSIM 上網流量 · ${planSpecName('zh-Hant', spec)}`,
      'zh-Hans': `欧洲 eSIM 上网流量 · ${planSpecName('zh-Hans', spec)}`,
      en: `Europe eSIM data plan · ${planSpecName('en', spec)}`,
      fr: `eSIM Europe : forfait de données · ${planSpecName('fr', spec)}`,
      es: `eSIM Europa: datos móviles · ${planSpecName('es', spec)}`,
    };
    expect(planSpecName('zh-Hant', spec)).not.toBe(planSpecName('en', spec));
    for (const [language, name] of Object.entries(expected)) {
      const opts = { token: buyer.token, language };
      const list = await call(t.app, 'GET', 'app/simcard/iccid/list', opts);
      expect(list.data.items[0].planName, language).toBe(name);
      const query = { iccid: card.iccid };
      const detail = await call(t.app, 'GET', 'app/simcard/iccid/detail', { ...opts, query });
      expect(detail.data.planName, language).toBe(name);
      const info = await call(t.app, 'GET', 'app/simcard/iccid/info', { ...opts, query });
      expect(info.data.planName, language).toBe(name);
      const notices = await call(t.app, 'GET', 'app/simcard/iccid/notices', {
        ...opts,
        query: { page: '1', size: '10' },
      });
      expect(notices.data.list[0].params.planName, language).toBe(name);
    }
  });
});
