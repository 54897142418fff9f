import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { createOperator } from '../catalogue/catalogue.fixtures';
import { partnerRig, type PartnerRig } from './simcard.fixtures';
import { markedUpPrice } from './simcard-sync.service';

/**
 * The plan partner's pricing from the console: the catalogue operator reads and sets the markup percent and
 * FX rate (config values are the defaults), the next sync prices with them, every change is audited, other
 * roles are refused, and a reset goes back to the config.
 */
let t: TestApp;
let rig: PartnerRig;
let catalogue: { id: number; token: string };
let owner: { id: number; token: string };
beforeAll(async () => {
  rig = await partnerRig();
  t = await createTestApp({
    env: {
      ORDER_SWEEP_SECONDS: '0',
      PARTNER_SYNC_MINUTES: '0',
      SIM_USAGE_REFRESH_MINUTES: '0',
      PARTNER_MARKUP_PERCENT: '40',
      PARTNER_FX_RATE: '32',
    },
    providers: { planPartner: rig.partner },
  });
  rig.bind(() => t);
  catalogue = await createOperator(t.ctx, 'catalogue');
  owner = await createOperator(t.ctx, 'owner');
});
afterAll(async () => {
  await t.close();
  await rig.server.close();
});

const info = (token = catalogue.token) => call(t.app, 'GET', 'admin/simcard/pricing/info', { token });
const update = (body: Record<string, unknown>, token = catalogue.token) =>
  call(t.app, 'POST', 'admin/simcard/pricing/update', { token, body });
const sync = () => call(t.app, 'POST', 'admin/simcard/catalogue/sync', { token: catalogue.token, body: {} });
/** Prices of the specs sold as partner packages, with each package's wholesale price. */
const partnerSpecs = () =>
  t.ctx.db
    .selectFrom('goods_spec as s')
    .innerJoin('partner_commodity as c', 'c.code', 's.sku')
    .select(['s.id', 's.price', 'c.price as wholesale'])
    .where('s.deleted_at', 'is', null)
    .where('c.available', '=', 1)
    .orderBy('s.id')
    .execute();

describe('partner pricing from the console', () => {
  it('config defaults, an operator override the next sync prices with, audited, then reset', async () => {
    const start = await info();
    expect(start.code, start.message).toBe(1000);
    expect(start.data).toMatchObject({
      markupPercent: 40,
      fxRate: 32,
      source: 'config',
      defaults: { markupPercent: 40, fxRate: 32 },
      updatedAt: null,
    });
    expect((await sync()).code).toBe(1000);
    const before = await partnerSpecs();
    expect(before.length).toBeGreaterThan(0);
    for (const s of before)
      expect(Number(s.price)).toBe(markedUpPrice(Number(s.wholesale), { markupPercent: 40, fxRate: 32 }));

    const set = await update({ markupPercent: 55.5, fxRate: 31.2 });
    expect(set.code, set.message).toBe(1000);
    expect(set.data).toMatchObject({
      markupPercent: 55.5,
      fxRate: 31.2,
      source: 'operator',
      defaults: { markupPercent: 40, fxRate: 32 },
      adminId: catalogue.id,
    });
    expect((await info()).data).toMatchObject({ markupPercent: 55.5, fxRate: 31.2, source: 'operator' });
    // nothing is repriced until the next sync; then every partner spec is
    expect((await partnerSpecs()).map((s) => Number(s.price))).toEqual(before.map((s) => Number(s.price)));
    const res = await sync();
    expect(res.code, res.message).toBe(1000);
    expect(res.data.updated).toBeGreaterThan(0);
    for (const s of await partnerSpecs())
      expect(Number(s.price)).toBe(markedUpPrice(Number(s.wholesale), { markupPercent: 55.5, fxRate: 31.2 }));
    // the operator's view of a package shows the price it would get
    const offered = await call(t.app, 'GET', 'app/billion/api/commodities', { token: catalogue.token });
    const one = (offered.data as { wholesalePrice: number; ourPrice: number }[])[0]!;
    expect(one.ourPrice).toBe(markedUpPrice(one.wholesalePrice, { markupPercent: 55.5, fxRate: 31.2 }));

    // audited: who, before and after
    const audit = await call(t.app, 'POST', 'admin/audit/page', {
      token: owner.token,
      body: { page: 1, size: 10, entity: 'partner_pricing' },
    });
    expect(audit.code, audit.message).toBe(1000);
    const entry = (
      audit.data.list as { action: string; adminId: number; before: unknown; after: unknown }[]
    ).find((e) => e.action === 'POST admin/simcard/pricing/update');
    expect(entry).toMatchObject({ adminId: catalogue.id });
    expect(JSON.stringify(entry!.after)).toContain('55.5');

    const reset = await call(t.app, 'POST', 'admin/simcard/pricing/reset', {
      token: catalogue.token,
      body: {},
    });
    expect(reset.data).toMatchObject({ markupPercent: 40, fxRate: 32, source: 'config', updatedAt: null });
    await sync();
    expect((await partnerSpecs()).map((s) => Number(s.price))).toEqual(before.map((s) => Number(s.price)));
  });

  it('refuses other roles and bad values, changing nothing', async () => {
    for (const role of ['orders', 'support', 'finance'] as const) {
      const op = await createOperator(t.ctx, role);
      expect((await info(op.token)).code).toBe(2028);
      expect((await update({ markupPercent: 10, fxRate: 1 }, op.token)).code).toBe(2028);
    }
    for (const bad of [
      { markupPercent: -1, fxRate: 32 },
      { markupPercent: 40, fxRate: 0 },
      { markupPercent: 1001, fxRate: 32 },
      { markupPercent: 40 },
    ])
      expect((await update(bad)).code).toBe(1001);
    expect((await info()).data.source).toBe('config');
    expect(await t.ctx.db.selectFrom('partner_pricing').selectAll().execute()).toEqual([]);
  });
});
