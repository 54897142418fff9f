import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import { call, createTestApp } from '../../test/harness';
import { fakeChannel, type FakeChannel } from '../payment/payment.fixtures';
import { createInjectHttpClient } from '../../providers/payments/http-client';
import { createPlanPartnerClient } from '../../providers/plan-partner/plan-partner.client';
import {
  createPlanPartnerDemo,
  PARTNER_SIMULATOR_PATH,
} from '../../providers/plan-partner/plan-partner.demo';
import {
  createPlanPartnerSimulator,
  type PlanPartnerSimulator,
} from '../../providers/plan-partner/plan-partner.simulator';
import type { PartnerCommodity, PlanPartner } from '../../providers/plan-partner/plan-partner';
import { goodsFixture } from '../cart/cart.fixtures';
import { buyNow, type Buyer } from '../order/order.fixtures';

/**
 * The plan partner simulator on its own server, its webhooks delivered to the shop under test, and the
 * real adapter in front of it (given to the app as ctx.providers.planPartner). `dropped` hides packages
 * from the catalogue (a package the partner stops selling).
 */
export type PartnerRig = {
  partner: PlanPartner;
  sim: PlanPartnerSimulator;
  server: FastifyInstance;
  dropped: Set<string>;
  priceOverride: Map<string, number>;
  ordersWith(referencePrefix: string): number;
  bind(app: () => TestApp): void;
};

export async function partnerRig(o: { completeAfterMs?: number } = {}): Promise<PartnerRig> {
  const server = Fastify();
  let shop: (() => TestApp) | null = null;
  const toPartner = createInjectHttpClient(() => server);
  const toShop = createInjectHttpClient(() => shop!().app);
  const demo = createPlanPartnerDemo({ publicUrl: 'https://shop.example', http: toPartner });
  const sim = createPlanPartnerSimulator({
    ...demo.simulator,
    http: toShop,
    completeAfterMs: o.completeAfterMs ?? 0,
    webhookRetryDelaysMs: [1, 1],
  });
  await server.register(sim.plugin, { prefix: PARTNER_SIMULATOR_PATH });
  await server.ready();
  const client = createPlanPartnerClient({ ...demo.client, retryDelaysMs: [0, 0], sleep: async () => {} });
  const dropped = new Set<string>();
  const priceOverride = new Map<string, number>();
  const view = (c: PartnerCommodity) => ({ ...c, price: priceOverride.get(c.code) ?? c.price });
  const partner: PlanPartner = {
    ...client,
    commodities: async (f) => (await client.commodities(f)).filter((c) => !dropped.has(c.code)).map(view),
    commodity: async (code) =>
      dropped.has(code) ? null : ((c) => (c ? view(c) : null))(await client.commodity(code)),
  };
  return {
    partner,
    sim,
    server,
    dropped,
    priceOverride,
    ordersWith: (prefix) =>
      [...sim.state.orders.values()].filter((x) => x.reference.startsWith(prefix)).length,
    bind(app) {
      shop = app;
    },
  };
}

/** An eSIM goods (virtual) whose one spec is the partner package `code`. */
export async function partnerGoods(
  t: TestApp,
  code: string,
  o: { needFillCard?: 0 | 1; price?: number } = {},
) {
  const g = await goodsFixture(t.ctx, {
    specs: [{ price: o.price ?? 10_000, stock: 100 }],
    payWays: ['wechat', 'alipay', 'wallet'],
    needFillCard: o.needFillCard ?? 0,
  });
  await t.ctx.db.updateTable('goods_spec').set({ sku: code }).where('id', '=', g.specIds[0]!).execute();
  return g;
}

/** Buys one spec with WeChat Pay and returns the order id and the payment attempt number. */
export async function orderAndAttempt(
  t: TestApp,
  buyer: Buyer,
  specId: number,
  body: Record<string, unknown> = {},
) {
  const res = await buyNow(t, buyer, specId, { payWay: 'wechat', ...body });
  expect(res.code, res.message).toBe(1000);
  const id = res.data.id as number;
  return { id, attemptNo: await wechatAttempt(t, buyer, id) };
}

/** Starts paying the buyer's order `id` with WeChat Pay; the attempt number its notification names. */
export async function wechatAttempt(t: TestApp, buyer: Buyer, id: number) {
  const pay = await call(t.app, 'POST', 'app/order/pay/orderPay', {
    token: buyer.token,
    body: { orderId: id, payWay: 'wechat', client: 'desktop_browser' },
  });
  expect(pay.code, pay.message).toBe(1000);
  return pay.data.attemptNo as string;
}

/**
 * A test app with the partner rig bound and the app's own timers off (the test runs the jobs): `env` adds
 * to or overrides those settings. `close` stops both.
 */
export async function partnerTestApp(
  env: Record<string, string> = {},
  o: { completeAfterMs?: number; wechat?: FakeChannel } = {},
) {
  const rig = await partnerRig(o);
  const t = await createTestApp({
    env: { ORDER_SWEEP_SECONDS: '0', PARTNER_SYNC_MINUTES: '0', SIM_USAGE_REFRESH_MINUTES: '0', ...env },
    providers: { planPartner: rig.partner, ...(o.wechat ? { payments: { wechat: o.wechat.ch } } : {}) },
  });
  rig.bind(() => t);
  return {
    t,
    rig,
    close: async () => {
      await t.close();
      await rig.server.close();
    },
  };
}

/** Runs every due job until none is left (the delivery jobs of a payment). */
export async function drainJobs(t: TestApp) {
  for (let i = 0; i < 20; i++) {
    const due = await t.ctx.db
      .selectFrom('job')
      .select('id')
      .where('state', '=', 'pending')
      .where('run_at', '<=', Date.now())
      .execute();
    if (due.length === 0) return;
    for (const j of due) await t.ctx.jobs.runJob(Number(j.id));
  }
}

export const lineIdsOf = async (t: TestApp, orderId: number) =>
  (await t.ctx.db.selectFrom('order_line').select('id').where('order_id', '=', orderId).execute()).map((r) =>
    Number(r.id),
  );

/**
 * A shop under test whose eSIMs the partner simulator delivers and whose buyers pay with a fake WeChat Pay, no
 * background timers (tests run the sweep and the jobs themselves); `env` adds settings. `close` stops both.
 */
export async function partnerApp(env: Record<string, string> = {}) {
  const wechat: FakeChannel = fakeChannel('wechat');
  return { ...(await partnerTestApp(env, { wechat })), wechat };
}

/** A card's data allowance as the shop has it (bytes). */
export const cardBytes = async (t: TestApp, iccid: string) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('sim_card')
        .select('total_bytes')
        .where('iccid', '=', iccid)
        .executeTakeFirstOrThrow()
    ).total_bytes,
  );
