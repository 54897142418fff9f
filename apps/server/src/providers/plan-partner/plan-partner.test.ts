import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { isValidIccid, parseActivationCode } from '@simshop/contracts';
import { createInjectHttpClient } from '../payments/http-client';
import { defined } from '../../test/harness';
import {
  PartnerRejectedError,
  PartnerUnavailableError,
  PartnerVerificationError,
  type PartnerWebhookEvent,
  type PlanPartner,
} from './plan-partner';
import { createPlanPartnerClient } from './plan-partner.client';
import { createPlanPartnerDemo, PARTNER_SIMULATOR_PATH } from './plan-partner.demo';
import {
  createPlanPartnerSimulator,
  simIccid,
  type PlanPartnerSimulator,
  type PlanPartnerSimulatorOptions,
} from './plan-partner.simulator';
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from './plan-partner.wire';

const ORIGIN = 'http://shop.test';
const CALLBACK = `${ORIGIN}/shop/partner/webhook`;
const GB = 1024 ** 3;
const MIN = 60_000;
const HOUR = 60 * MIN;

type Harness = {
  app: FastifyInstance;
  partner: PlanPartner;
  sim: PlanPartnerSimulator;
  events: PartnerWebhookEvent[];
  refused: string[];
  clock: { t: number };
};

let current: Harness | null = null;
afterEach(async () => {
  await current?.app.close();
  current = null;
});

/** The simulator plus a shop stand-in whose webhook route hands the raw body to the adapter. */
async function harness(
  sim: Partial<PlanPartnerSimulatorOptions> = {},
  client: { timeoutMs?: number } = {},
): Promise<Harness> {
  const app = Fastify();
  const http = createInjectHttpClient(() => app);
  const clock = { t: Date.parse('2026-11-20T01:00:00Z') };
  const demo = createPlanPartnerDemo({ publicUrl: ORIGIN, http, now: () => clock.t });
  const simulator = createPlanPartnerSimulator({
    ...demo.simulator,
    completeAfterMs: 0,
    webhookRetryDelaysMs: [1, 1],
    ...sim,
  });
  const partner = createPlanPartnerClient({
    ...demo.client,
    retryDelaysMs: [0, 0],
    sleep: async () => {},
    ...client,
  });
  const h: Harness = { app, partner, sim: simulator, events: [], refused: [], clock };
  await app.register(simulator.plugin, { prefix: PARTNER_SIMULATOR_PATH });
  await app.register(async (shop) => {
    shop.removeAllContentTypeParsers();
    shop.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    shop.post('/shop/partner/webhook', async (req, reply) => {
      try {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        h.events.push(
          partner.verifyWebhook({ method: 'POST', headers, rawBody: String(req.body), query: {} }),
        );
        return reply.status(204).send();
      } catch (e) {
        if (!(e instanceof PartnerVerificationError)) throw e;
        h.refused.push(e.message);
        return reply.status(401).send(e.message);
      }
    });
  });
  await app.ready();
  current = h;
  return h;
}

const order = (reference: string, commodityCode = 'JP-5GB-7D', quantity = 1) => ({
  reference,
  commodityCode,
  quantity,
  callbackUrl: CALLBACK,
});

describe('plan partner: token', () => {
  it('fetches one token, reuses it, renews it before expiry and after a 401', async () => {
    const h = await harness();
    await h.partner.countries();
    await h.partner.commodities();
    expect(h.sim.state.tokensIssued).toBe(1);
    h.clock.t += 59 * MIN + 30_000; // inside the renewal margin of the 1 h token
    await h.partner.countries();
    expect(h.sim.state.tokensIssued).toBe(2);
    h.sim.state.tokens.clear(); // the partner forgot every token (rotation, restart)
    expect((await h.partner.countries()).length).toBeGreaterThan(0);
    expect(h.sim.state.tokensIssued).toBe(3);
  });

  it('a wrong client secret is refused, not retried forever', async () => {
    const h = await harness();
    const bad = createPlanPartnerClient({
      ...createPlanPartnerDemo({ publicUrl: ORIGIN, http: createInjectHttpClient(() => h.app) }).client,
      clientSecret: 'wrong',
    });
    await expect(bad.countries()).rejects.toMatchObject({ code: 'invalid_client', status: 401 });
  });
});

describe('plan partner: catalogue', () => {
  it('lists packages with prices, coverage, allowance and validity', async () => {
    const h = await harness();
    const all = await h.partner.commodities();
    expect(all.length).toBeGreaterThanOrEqual(5);
    const jp = defined(await h.partner.commodity('JP-5GB-7D'));
    expect(jp).toMatchObject({
      countries: ['JP'],
      dataBytes: 5 * GB,
      validityDays: 7,
      price: 650,
      currency: 'USD',
      kind: 'esim',
      topUpable: true,
    });
    expect(defined(await h.partner.commodity('JP-UNL-5D')).dataBytes).toBeNull();
    expect(await h.partner.commodity('NO-SUCH')).toBeNull();
    const kr = await h.partner.commodities({ country: 'KR' });
    expect(kr.every((c) => c.countries.includes('KR'))).toBe(true);
    expect(kr.map((c) => c.code)).toContain('ASIA8-6GB-8D');
  });

  it('lists countries, logistics companies and pickup sites', async () => {
    const h = await harness();
    expect((await h.partner.countries()).map((c) => c.code)).toEqual(
      expect.arrayContaining(['JP', 'KR', 'TW']),
    );
    expect((await h.partner.logisticsCompanies()).length).toBeGreaterThan(0);
    const tw = await h.partner.pickupSites({ country: 'TW' });
    expect(tw.length).toBeGreaterThan(0);
    expect(tw.every((s) => s.country === 'TW' && s.openingHours)).toBe(true);
  });
});

describe('plan partner: orders', () => {
  it('is idempotent by our reference: the same key twice makes one order', async () => {
    const h = await harness({ completeAfterMs: 30 });
    const a = await h.partner.createOrder(order('line-1001'));
    const b = await h.partner.createOrder(order('line-1001'));
    expect(b.orderNo).toBe(a.orderNo);
    expect(h.sim.state.orders.size).toBe(1);
    await expect(h.partner.createOrder(order('line-1001', 'KR-3GB-5D'))).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    await h.sim.settled();
    expect(h.events).toHaveLength(1);
  });

  it('completes asynchronously and announces it with a verified webhook carrying valid SIMs', async () => {
    const h = await harness({ completeAfterMs: 20 });
    const placed = await h.partner.createOrder(order('line-2001', 'JP-5GB-7D', 3));
    expect(placed.state).toBe('pending');
    expect(placed.sims).toEqual([]);
    await h.sim.settled();
    expect(h.refused).toEqual([]);
    const event = defined(h.events[0]);
    expect(event.type).toBe('order.completed');
    expect(event.order).toMatchObject({ reference: 'line-2001', state: 'completed', quantity: 3 });
    expect(event.order.sims).toHaveLength(3);
    for (const sim of event.order.sims) {
      expect(isValidIccid(sim.iccid)).toBe(true);
      expect(sim.iccidWarning).toBeNull();
      const code = defined(parseActivationCode(sim.activationCode));
      expect(sim.activationCode.startsWith('LPA:1$')).toBe(true);
      expect(code).toMatchObject({ smdpAddress: sim.smdpAddress, matchingId: sim.matchingId });
      expect(code.confirmationRequired).toBe(sim.confirmationCode !== null);
    }
    // the order as asked later agrees with the webhook
    expect(defined(await h.partner.order('line-2001')).sims).toEqual(event.order.sims);
    expect(await h.partner.order('line-unknown')).toBeNull();
  });

  it('issues SIMs with and without a confirmation code', async () => {
    const h = await harness();
    const o = await h.partner.createOrder(order('line-2101', 'KR-3GB-5D', 6));
    const withCode = o.sims.filter((s) => s.confirmationCode);
    expect(withCode.length).toBeGreaterThan(0);
    expect(withCode.length).toBeLessThan(6);
    for (const s of withCode) expect(s.activationCode.endsWith('$$1')).toBe(true);
  });

  it('a duplicated webhook carries the same event and the same SIMs', async () => {
    const h = await harness({ completeAfterMs: 5 });
    h.sim.setFaults({ duplicateWebhook: true });
    await h.partner.createOrder(order('line-3001'));
    await h.sim.settled();
    expect(h.events).toHaveLength(2);
    const [a, b] = [defined(h.events[0]), defined(h.events[1])];
    expect(b.eventId).toBe(a.eventId);
    expect(b.order).toEqual(a.order);
  });

  it('refuses a webhook with a bad signature, a stale timestamp or a changed body', async () => {
    const h = await harness({ completeAfterMs: 5 });
    h.sim.setFaults({ badWebhookSignature: true });
    await h.partner.createOrder(order('line-4001'));
    await h.sim.settled();
    expect(h.events).toEqual([]);
    expect(h.refused.length).toBe(3); // the first delivery and its two retries
    expect(h.refused[0]).toContain('bad signature');

    const secret = createPlanPartnerDemo({
      publicUrl: ORIGIN,
      http: async () => ({ status: 500, headers: {}, body: '' }),
    }).client.webhookSecret;
    const body = defined(h.sim.state.deliveries[0]).body;
    const signed = (ts: number, raw = body) => ({
      method: 'POST',
      headers: { [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: signWebhook(secret, ts, raw) },
      rawBody: raw,
      query: {},
    });
    const nowS = Math.floor(h.clock.t / 1000);
    expect(h.partner.verifyWebhook(signed(nowS)).order.reference).toBe('line-4001');
    expect(() => h.partner.verifyWebhook(signed(nowS - 301))).toThrow(/replay window/);
    expect(() => h.partner.verifyWebhook(signed(nowS + 301))).toThrow(/replay window/);
    const tampered = { ...signed(nowS), rawBody: body.replace('line-4001', 'line-4002') };
    expect(() => h.partner.verifyWebhook(tampered)).toThrow(/bad signature/);
    expect(() => h.partner.verifyWebhook({ ...signed(nowS), headers: {} })).toThrow(PartnerVerificationError);
  });

  it('retries a failure and then succeeds, ordering once', async () => {
    const h = await harness();
    h.sim.setFaults({ failNext: 2 });
    const o = await h.partner.createOrder(order('line-5001'));
    expect(o.state).toBe('completed');
    expect(h.sim.state.orders.size).toBe(1);
  });

  it('gives up with PartnerUnavailable when the partner stays down; the same key later orders once', async () => {
    const h = await harness();
    h.sim.setFaults({ failNext: 10 });
    await expect(h.partner.createOrder(order('line-5101'))).rejects.toBeInstanceOf(PartnerUnavailableError);
    h.sim.resetFaults();
    const o = await h.partner.createOrder(order('line-5101'));
    const again = await h.partner.createOrder(order('line-5101'));
    expect(again.orderNo).toBe(o.orderNo);
    expect([...h.sim.state.orders.values()].filter((x) => x.reference === 'line-5101')).toHaveLength(1);
    expect(h.sim.state.sims.size).toBe(1);
  });

  it('a timed-out order that landed is found again by its key, not ordered twice', async () => {
    const h = await harness({}, { timeoutMs: 30 });
    h.sim.setFaults({ timeoutNext: 1, hangMs: 80 });
    const o = await h.partner.createOrder(order('line-5201'));
    expect(o.state).toBe('completed');
    expect(h.sim.state.orders.size).toBe(1);
    expect(h.sim.state.sims.size).toBe(1);
    await h.sim.settled();
  });

  it('a slow partner still answers within the deadline', async () => {
    const h = await harness({}, { timeoutMs: 1000 });
    h.sim.setFaults({ slowMs: 30 });
    expect((await h.partner.countries()).length).toBeGreaterThan(0);
  });

  it('an order the partner cannot fill fails with a reason and a webhook', async () => {
    const h = await harness({ completeAfterMs: 5 });
    h.sim.setFaults({ failOrders: 1 });
    await h.partner.createOrder(order('line-6001'));
    await h.sim.settled();
    expect(defined(h.events[0])).toMatchObject({
      type: 'order.failed',
      order: { state: 'failed', sims: [] },
    });
    expect(defined(h.events[0]).order.failureReason).toMatch(/out_of_stock/);
    const next = await h.partner.createOrder(order('line-6002'));
    await h.sim.settled();
    expect(defined(await h.partner.order(next.reference)).state).toBe('completed');
  });

  it('refuses unknown packages and top-up packages as new SIMs', async () => {
    const h = await harness();
    await expect(h.partner.createOrder(order('line-6101', 'NO-SUCH'))).rejects.toMatchObject({
      code: 'package_not_found',
    });
    await expect(h.partner.createOrder(order('line-6102', 'TOPUP-1GB-7D'))).rejects.toBeInstanceOf(
      PartnerRejectedError,
    );
  });
});

describe('plan partner: usage, top-up, cancel', () => {
  it('reports usage that goes down over time, then depletion and expiry', async () => {
    const h = await harness({
      installAfterMs: 10 * MIN,
      activeAfterMs: 5 * MIN,
      burnBytesPerHour: 200 * 1024 ** 2,
    });
    const iccid = defined((await h.partner.createOrder(order('line-7001'))).sims[0]).iccid;
    const first = await h.partner.usage(iccid);
    expect(first).toMatchObject({
      status: 'not_installed',
      usedBytes: 0,
      remainingBytes: 5 * GB,
      expiresAt: null,
    });
    expect(first.asOf).toBe(h.clock.t);
    h.clock.t += 12 * MIN;
    expect((await h.partner.usage(iccid)).status).toBe('installed');
    h.clock.t += 3 * MIN + HOUR;
    const u1 = await h.partner.usage(iccid);
    expect(u1.status).toBe('active');
    expect(u1.usedBytes).toBe(200 * 1024 ** 2);
    expect(u1.expiresAt).toBe(h.clock.t - HOUR + 7 * 24 * HOUR);
    h.clock.t += 3 * HOUR;
    const u2 = await h.partner.usage(iccid);
    expect(defined(u2.remainingBytes)).toBeLessThan(defined(u1.remainingBytes));
    h.clock.t += 30 * HOUR;
    expect(await h.partner.usage(iccid)).toMatchObject({ status: 'depleted', remainingBytes: 0 });
    h.clock.t += 7 * 24 * HOUR;
    expect((await h.partner.usage(iccid)).status).toBe('expired');
    await expect(h.partner.usage('8985240000000000000')).rejects.toMatchObject({ code: 'iccid_not_found' });
  });

  it('a top-up lands on the ICCID it names, and only there', async () => {
    const h = await harness({ completeAfterMs: 5 });
    await h.partner.createOrder(order('line-8001', 'JP-5GB-7D', 2));
    await h.sim.settled();
    const [a, b] = defined(h.events[0]).order.sims.map((s) => s.iccid);
    const before = await h.partner.usage(defined(b));
    const top = await h.partner.topUp({
      reference: 'topup-8002',
      iccid: defined(b),
      commodityCode: 'TOPUP-1GB-7D',
      callbackUrl: CALLBACK,
    });
    expect(top).toMatchObject({ kind: 'topup', iccid: b, state: 'pending' });
    await h.sim.settled();
    expect(defined(h.events[1]).order).toMatchObject({ kind: 'topup', iccid: b, state: 'completed' });
    expect((await h.partner.usage(defined(b))).totalBytes).toBe(defined(before.totalBytes) + GB);
    expect((await h.partner.usage(defined(a))).totalBytes).toBe(5 * GB);
    // the same top-up key again changes nothing
    await h.partner.topUp({
      reference: 'topup-8002',
      iccid: defined(b),
      commodityCode: 'TOPUP-1GB-7D',
      callbackUrl: CALLBACK,
    });
    await h.sim.settled();
    expect((await h.partner.usage(defined(b))).totalBytes).toBe(6 * GB);
    const topUp = (iccid: string, code = 'TOPUP-1GB-7D') =>
      h.partner.topUp({
        reference: `t-${iccid.slice(-6)}-${code}`,
        iccid,
        commodityCode: code,
        callbackUrl: CALLBACK,
      });
    await expect(topUp('8985240000000000000')).rejects.toMatchObject({ code: 'iccid_not_found' });
    await expect(topUp(defined(a), 'JP-10GB-15D')).rejects.toMatchObject({ code: 'not_a_topup' });
  });

  it('refuses a top-up on a plan that takes none', async () => {
    const h = await harness();
    const iccid = defined((await h.partner.createOrder(order('line-8101', 'JP-UNL-5D'))).sims[0]).iccid;
    const usage = await h.partner.usage(iccid);
    expect(usage).toMatchObject({ totalBytes: null, remainingBytes: null });
    await expect(
      h.partner.topUp({
        reference: 'topup-8102',
        iccid,
        commodityCode: 'TOPUP-1GB-7D',
        callbackUrl: CALLBACK,
      }),
    ).rejects.toMatchObject({ code: 'topup_not_supported' });
  });

  it('cancels a pending order, a delivered one not yet installed, and refuses an installed one', async () => {
    const h = await harness({ completeAfterMs: 50, installAfterMs: 10 * MIN });
    await h.partner.createOrder(order('line-9001'));
    expect((await h.partner.cancel('line-9001')).state).toBe('cancelled');
    await h.sim.settled();
    expect(defined(await h.partner.order('line-9001')).state).toBe('cancelled');
    expect(h.sim.state.sims.size).toBe(0); // the pending order never issued a profile
    expect((await h.partner.cancel('line-9001')).state).toBe('cancelled'); // cancelling again is harmless

    const h2 = await harness({ installAfterMs: 10 * MIN });
    const done = await h2.partner.createOrder(order('line-9002'));
    const iccid = defined(done.sims[0]).iccid;
    expect((await h2.partner.cancel('line-9002')).state).toBe('cancelled');
    await expect(h2.partner.usage(iccid)).rejects.toMatchObject({ code: 'iccid_not_found' });

    await h2.partner.createOrder(order('line-9003'));
    h2.clock.t += 11 * MIN;
    await expect(h2.partner.cancel('line-9003')).rejects.toMatchObject({ code: 'not_cancellable' });
    await expect(h2.partner.cancel('line-none')).rejects.toMatchObject({ code: 'order_not_found' });
    await h.app.close();
  });
});

describe('plan partner simulator ICCIDs', () => {
  it('are 89..., 19 or 20 digits, Luhn-valid over all digits', () => {
    for (let serial = 1; serial < 200; serial += 7) {
      for (const digits of [19, 20] as const) {
        const iccid = simIccid(100_000 + serial, digits);
        expect(iccid).toHaveLength(digits);
        expect(isValidIccid(iccid)).toBe(true);
      }
    }
  });
});
