import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { passesLuhn } from '@simshop/contracts';
import type { HttpClient } from '../payments/channel';
import { createFaults, createInflight, Deliverer, sleep, type DeliveryRecord } from '../payments/sim-support';
import { SIM_COUNTRIES, SIM_LOGISTICS, SIM_PACKAGES, SIM_PICKUP_SITES } from './plan-partner.catalogue';
import {
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
  type WireOrder,
  type WirePackage,
  type WireUsage,
  type WireWebhook,
} from './plan-partner.wire';

/**
 * A local stand-in for the wholesale plan partner (payment-protocols.md §6), mounted in demo mode under
 * /dev/sim/partner: the client-credentials token endpoint, packages, countries, logistics and pickup
 * sites, orders and top-ups made idempotent by the Idempotency-Key that complete after a delay and then
 * POST a signed webhook (retried until the shop answers 2xx), SIMs with Luhn-valid ICCIDs (89..., 19 or 20
 * digits) and GSMA activation codes (every third with a confirmation code), usage that goes down as the
 * clock runs, cancellation before install. Switches (GET/POST /control) make it misbehave. In memory.
 */

export const SIM_SMDP_ADDRESS = 'smdp.plan-partner.test';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type PlanPartnerFaults = {
  /** The next N API calls answer 503 without doing anything. */
  failNext: number;
  /** The next N API calls do their work but answer only after `hangMs` (the caller times out). */
  timeoutNext: number;
  hangMs: number;
  /** Extra delay before every answer (ms). */
  slowMs: number;
  /** Every webhook is delivered twice (same event id). */
  duplicateWebhook: boolean;
  /** Webhooks carry a signature that does not verify. */
  badWebhookSignature: boolean;
  /** The next N orders or top-ups complete as FAILED (out of stock). */
  failOrders: number;
  /** The orders or top-ups made under these references complete as FAILED (out of stock). */
  failReferences: string[];
  /** Orders and top-ups made now complete this much later than usual (ms): a partner slow to fulfil. */
  delayOrdersMs: number;
};

export const NO_PARTNER_FAULTS: PlanPartnerFaults = {
  failNext: 0,
  timeoutNext: 0,
  hangMs: 30_000,
  slowMs: 0,
  duplicateWebhook: false,
  badWebhookSignature: false,
  failOrders: 0,
  failReferences: [],
  delayOrdersMs: 0,
};

export type PlanPartnerSimulatorOptions = {
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  /** Delivers webhooks (in demo mode: the app answering in process). */
  http: HttpClient;
  now?: () => number;
  /** How long an order stays PENDING before it completes (ms); 0: completed in the answer itself. */
  completeAfterMs?: number;
  tokenTtlSeconds?: number;
  webhookRetryDelaysMs?: number[];
  /** After creation: when the buyer installs the profile, and when it first attaches to a network. */
  installAfterMs?: number;
  activeAfterMs?: number;
  /** How fast an active SIM uses data. */
  burnBytesPerHour?: number;
};

type SimCard = {
  iccid: string;
  packageCode: string;
  totalBytes: number;
  /** Days of validity added by top-ups. */
  extraDays: number;
  createdAt: number;
  installedAt: number;
  activeAt: number;
  validityDays: number;
  validityStart: WirePackage['validity_start'];
  /** What the order hands out for this SIM. */
  wire: WireOrder['sims'][number];
};

type SimOrder = WireOrder & { callbackUrl: string; fingerprint: string };

export type PlanPartnerSimState = {
  orders: Map<string, SimOrder>;
  sims: Map<string, SimCard>;
  tokens: Map<string, number>;
  tokensIssued: number;
  deliveries: DeliveryRecord[];
};

export type PlanPartnerSimulator = {
  plugin: FastifyPluginAsync;
  state: PlanPartnerSimState;
  faults: PlanPartnerFaults;
  setFaults(patch: Partial<PlanPartnerFaults>): void;
  resetFaults(): void;
  /** Resolves once every delayed completion and webhook delivery under way has finished. */
  settled(): Promise<void>;
};

type ApiError = { status: number; code: string; message: string };
const apiError = (status: number, code: string, message: string): ApiError => ({ status, code, message });

/** A Luhn-valid ICCID: 89, 852 (Hong Kong, the issuer's home), issuer 40, a serial; 20 digits, or 19. */
export function simIccid(serial: number, digits: 19 | 20 = 20): string {
  const body = `8985240${String(serial).padStart(digits - 8, '0')}`.slice(0, digits - 1);
  for (let d = 0; d < 10; d++) if (passesLuhn(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

const ALNUM = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const matchingId = () =>
  Array.from({ length: 4 }, () =>
    Array.from({ length: 5 }, () => ALNUM[crypto.randomInt(ALNUM.length)]).join(''),
  ).join('-');

export function createPlanPartnerSimulator(opts: PlanPartnerSimulatorOptions): PlanPartnerSimulator {
  const now = opts.now ?? Date.now;
  const completeAfterMs = opts.completeAfterMs ?? 3000;
  const ttl = opts.tokenTtlSeconds ?? 3600;
  const installAfterMs = opts.installAfterMs ?? 10 * 60_000;
  const activeAfterMs = opts.activeAfterMs ?? 5 * 60_000;
  const burn = opts.burnBytesPerHour ?? 200 * 1024 ** 2;
  const control = createFaults<PlanPartnerFaults>(NO_PARTNER_FAULTS);
  const faults = control.faults;
  const inflight = createInflight();
  const state: PlanPartnerSimState = {
    orders: new Map(),
    sims: new Map(),
    tokens: new Map(),
    tokensIssued: 0,
    deliveries: [],
  };
  const deliverer = new Deliverer({
    http: opts.http,
    retryDelaysMs: opts.webhookRetryDelaysMs ?? [1000, 5000, 30_000, 120_000],
    timeoutMs: 10_000,
    accepted: (res) => res.status >= 200 && res.status < 300,
    log: state.deliveries,
  });
  let serial = 100_000 + crypto.randomInt(800_000) * 1000;
  let orderSeq = 0;
  let closed = false;
  const iso = (ms: number) => new Date(ms).toISOString();
  const pkg = (code: string) => SIM_PACKAGES.find((p) => p.code === code);

  function issueSim(p: WirePackage, createdAt: number): SimCard {
    serial += 1;
    const iccid = simIccid(serial, serial % 4 === 3 ? 19 : 20);
    const id = matchingId();
    const confirm = serial % 3 === 2;
    const wire = {
      iccid,
      activation_code: `LPA:1$${SIM_SMDP_ADDRESS}$${id}${confirm ? '$$1' : ''}`,
      smdp_address: SIM_SMDP_ADDRESS,
      matching_id: id,
      confirmation_code: confirm ? String(crypto.randomInt(100_000, 1_000_000)) : null,
    };
    return {
      iccid,
      packageCode: p.code,
      totalBytes: p.volume_bytes,
      extraDays: 0,
      createdAt,
      installedAt: createdAt + installAfterMs,
      activeAt: createdAt + installAfterMs + activeAfterMs,
      validityDays: p.validity_days,
      validityStart: p.validity_start,
      wire,
    };
  }

  function usageOf(sim: SimCard): WireUsage {
    const t = now();
    const start =
      sim.validityStart === 'PURCHASE'
        ? sim.createdAt
        : sim.validityStart === 'INSTALL'
          ? sim.installedAt
          : sim.activeAt;
    const expiresAt = t >= start ? start + (sim.validityDays + sim.extraDays) * DAY : null;
    const activeFor = Math.max(0, Math.min(t, expiresAt ?? t) - sim.activeAt);
    const unlimited = sim.totalBytes < 0;
    const used = Math.floor((activeFor / HOUR) * burn);
    const usedBytes = unlimited ? used : Math.min(used, sim.totalBytes);
    const status =
      t < sim.installedAt
        ? 'NOT_INSTALLED'
        : t < sim.activeAt
          ? 'INSTALLED'
          : expiresAt !== null && t >= expiresAt
            ? 'EXPIRED'
            : !unlimited && usedBytes >= sim.totalBytes
              ? 'DEPLETED'
              : 'ACTIVE';
    return {
      iccid: sim.iccid,
      status,
      used_bytes: usedBytes,
      remaining_bytes: unlimited ? -1 : sim.totalBytes - usedBytes,
      total_bytes: unlimited ? -1 : sim.totalBytes,
      expires_at: expiresAt === null ? null : iso(expiresAt),
      validity_started_at: expiresAt === null ? null : iso(start),
      as_of: iso(t),
    };
  }

  const publicOrder = ({ callbackUrl: _c, fingerprint: _f, ...o }: SimOrder): WireOrder => o;

  function sendWebhook(order: SimOrder, type: WireWebhook['type']) {
    const event: WireWebhook = {
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      type,
      created_at: iso(now()),
      data: { order: publicOrder(order) },
    };
    const body = JSON.stringify(event);
    const build = () => {
      const ts = Math.floor(now() / 1000);
      let sig = signWebhook(opts.webhookSecret, ts, body);
      if (faults.badWebhookSignature)
        // the last hex digit changed: same shape, does not verify
        sig = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
      return {
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: String(ts),
          [SIGNATURE_HEADER]: sig,
        },
        body,
      };
    };
    const twice = faults.duplicateWebhook;
    inflight.track(
      (async () => {
        await deliverer.send(order.callbackUrl, build);
        if (twice) await deliverer.send(order.callbackUrl, build);
      })(),
    );
  }

  /** Completes (or fails) a pending order: issues its SIMs or applies its top-up. */
  function complete(order: SimOrder) {
    if (order.status !== 'PENDING') return;
    const p = pkg(order.package_code);
    const t = now();
    const failing = faults.failReferences.includes(order.reference);
    if (faults.failOrders > 0 || failing || !p) {
      if (!failing) faults.failOrders = Math.max(0, faults.failOrders - 1);
      order.status = 'FAILED';
      order.failure_reason = p
        ? 'out_of_stock: no profiles left for this package, try again later'
        : 'package withdrawn';
    } else if (order.type === 'NEW') {
      for (let i = 0; i < order.quantity; i++) {
        const sim = issueSim(p, t);
        state.sims.set(sim.iccid, sim);
        order.sims.push(sim.wire);
      }
      order.status = 'COMPLETED';
    } else {
      const sim = order.iccid ? state.sims.get(order.iccid) : undefined;
      if (sim) {
        // a top-up on a used-up card: what was used stays used, the new allowance comes on top
        if (sim.totalBytes >= 0) sim.totalBytes += p.volume_bytes;
        sim.extraDays += p.validity_days;
      }
      order.status = 'COMPLETED';
    }
    order.completed_at = iso(t);
    sendWebhook(order, order.status === 'COMPLETED' ? 'order.completed' : 'order.failed');
  }

  function schedule(order: SimOrder) {
    const after = completeAfterMs + faults.delayOrdersMs;
    if (after <= 0) return complete(order);
    // unref'd, and nothing completes once the server closed (the deliverer is stopped then)
    inflight.track(
      new Promise<void>((r) => setTimeout(r, after).unref()).then(() => {
        if (!closed) complete(order);
      }),
    );
  }

  function place(req: FastifyRequest, type: 'NEW' | 'TOPUP'): { status: number; body: unknown } {
    const key = String(req.headers[IDEMPOTENCY_HEADER] ?? '');
    const b = jsonBody(req);
    if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(key))
      throw apiError(
        400,
        'invalid_idempotency_key',
        'Idempotency-Key is required ([A-Za-z0-9_.:-], at most 64)',
      );
    if (b.reference !== key)
      throw apiError(400, 'reference_mismatch', 'reference must equal the Idempotency-Key');
    const p = typeof b.package_code === 'string' ? pkg(b.package_code) : undefined;
    const quantity = type === 'NEW' ? b.quantity : 1;
    const callback = typeof b.callback_url === 'string' ? b.callback_url : '';
    const iccid = type === 'TOPUP' && typeof b.iccid === 'string' ? b.iccid : null;
    const fingerprint = JSON.stringify([type, b.package_code, quantity, iccid]);
    const seen = state.orders.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint)
        throw apiError(409, 'idempotency_conflict', 'this Idempotency-Key was used for a different order');
      return { status: 200, body: publicOrder(seen) };
    }
    if (!p) throw apiError(404, 'package_not_found', `no package ${String(b.package_code)}`);
    if (!/^https?:\/\//.test(callback))
      throw apiError(400, 'invalid_callback_url', 'callback_url must be http(s)');
    if (type === 'NEW') {
      if (p.type === 'TOPUP') throw apiError(400, 'package_is_topup', 'top-up packages go to /topups');
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 10)
        throw apiError(400, 'invalid_quantity', 'quantity must be 1 to 10');
    } else {
      if (p.type !== 'TOPUP') throw apiError(400, 'not_a_topup', `${p.code} is not a top-up package`);
      const sim = iccid ? state.sims.get(iccid) : undefined;
      if (!sim) throw apiError(404, 'iccid_not_found', 'no SIM with this ICCID');
      if (!pkg(sim.packageCode)?.topup_supported)
        throw apiError(409, 'topup_not_supported', 'this plan takes no top-ups');
      const u = usageOf(sim);
      if (u.status === 'EXPIRED')
        throw apiError(409, 'sim_expired', 'the SIM has expired; its profile is gone');
      if (!p.countries.some((c) => pkg(sim.packageCode)?.countries.includes(c)))
        throw apiError(409, 'coverage_mismatch', 'the top-up does not cover this plan');
    }
    orderSeq += 1;
    const order: SimOrder = {
      order_no: `PO${String(now()).slice(-9)}${String(orderSeq).padStart(4, '0')}`,
      reference: key,
      type,
      status: 'PENDING',
      package_code: p.code,
      quantity: quantity as number,
      iccid,
      sims: [],
      failure_reason: null,
      created_at: iso(now()),
      completed_at: null,
      callbackUrl: callback,
      fingerprint,
    };
    state.orders.set(key, order);
    schedule(order);
    return { status: 201, body: publicOrder(order) };
  }

  function cancel(reference: string): WireOrder {
    const order = state.orders.get(reference);
    if (!order) throw apiError(404, 'order_not_found', 'no order with this reference');
    if (order.status === 'CANCELLED' || order.status === 'FAILED') return publicOrder(order);
    if (order.status === 'COMPLETED') {
      if (order.type === 'TOPUP')
        throw apiError(409, 'not_cancellable', 'a delivered top-up cannot be cancelled');
      const installed = order.sims.some(
        (s) => usageOf(state.sims.get(s.iccid) as SimCard).status !== 'NOT_INSTALLED',
      );
      if (installed) throw apiError(409, 'not_cancellable', 'a profile of this order is already installed');
      for (const s of order.sims) state.sims.delete(s.iccid);
    }
    order.status = 'CANCELLED';
    order.completed_at = iso(now());
    sendWebhook(order, 'order.cancelled');
    return publicOrder(order);
  }

  const plugin: FastifyPluginAsync = async (sim) => {
    sim.removeAllContentTypeParsers();
    sim.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    sim.addHook('onClose', async () => {
      closed = true;
      deliverer.stop();
    });
    control.routes(sim, () => state.deliveries.length);

    /** Faults, then the work, then the (possibly late) answer. */
    const route =
      (auth: boolean, work: (req: FastifyRequest) => { status: number; body: unknown }) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        if (faults.slowMs > 0) await sleep(faults.slowMs);
        if (faults.failNext > 0) {
          faults.failNext -= 1;
          return send(reply, 503, { error: { code: 'service_unavailable', message: 'try again later' } });
        }
        const hang = faults.timeoutNext > 0;
        if (hang) faults.timeoutNext -= 1;
        let out: { status: number; body: unknown };
        try {
          if (auth) checkToken(req);
          out = work(req);
        } catch (e) {
          if (!isApiError(e)) throw e;
          out = { status: e.status, body: { error: { code: e.code, message: e.message } } };
        }
        if (hang) await sleep(faults.hangMs);
        return send(reply, out.status, out.body);
      };
    const ok = (body: unknown) => ({ status: 200, body });
    const country = (req: FastifyRequest) => (req.query as { country?: string }).country?.toUpperCase();
    const param = (req: FastifyRequest, name: string) => (req.params as Record<string, string>)[name] ?? '';
    const hide = { schema: { hide: true } };

    sim.post(
      '/oauth/token',
      hide,
      route(false, (req) => ok(token(req))),
    );
    sim.get(
      '/countries',
      hide,
      route(true, () => ok(SIM_COUNTRIES)),
    );
    sim.get(
      '/packages',
      hide,
      route(true, (req) => {
        const c = country(req);
        return ok(c ? SIM_PACKAGES.filter((p) => p.countries.includes(c)) : SIM_PACKAGES);
      }),
    );
    sim.get(
      '/packages/:code',
      hide,
      route(true, (req) => {
        const p = pkg(param(req, 'code'));
        if (!p) throw apiError(404, 'package_not_found', 'no such package');
        return ok(p);
      }),
    );
    sim.post(
      '/orders',
      hide,
      route(true, (req) => place(req, 'NEW')),
    );
    sim.post(
      '/topups',
      hide,
      route(true, (req) => place(req, 'TOPUP')),
    );
    sim.get(
      '/orders/:reference',
      hide,
      route(true, (req) => {
        const o = state.orders.get(param(req, 'reference'));
        if (!o) throw apiError(404, 'order_not_found', 'no order with this reference');
        return ok(publicOrder(o));
      }),
    );
    sim.post(
      '/orders/:reference/cancel',
      hide,
      route(true, (req) => ok(cancel(param(req, 'reference')))),
    );
    sim.get(
      '/sims/:iccid/usage',
      hide,
      route(true, (req) => {
        const s = state.sims.get(param(req, 'iccid'));
        if (!s) throw apiError(404, 'iccid_not_found', 'no SIM with this ICCID');
        return ok(usageOf(s));
      }),
    );
    sim.get(
      '/logistics/companies',
      hide,
      route(true, () => ok(SIM_LOGISTICS)),
    );
    sim.get(
      '/pickup-sites',
      hide,
      route(true, (req) => {
        const c = country(req);
        return ok(c ? SIM_PICKUP_SITES.filter((s) => s.country === c) : SIM_PICKUP_SITES);
      }),
    );
  };

  function token(req: FastifyRequest) {
    const f = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    if (f.get('grant_type') !== 'client_credentials')
      throw apiError(400, 'unsupported_grant_type', 'client_credentials only');
    const id = Buffer.from(f.get('client_id') ?? '');
    const secret = Buffer.from(f.get('client_secret') ?? '');
    const wantSecret = Buffer.from(opts.clientSecret);
    if (
      id.toString() !== opts.clientId ||
      secret.length !== wantSecret.length ||
      !crypto.timingSafeEqual(secret, wantSecret)
    )
      throw apiError(401, 'invalid_client', 'unknown client or wrong secret');
    const value = `tok_${crypto.randomBytes(24).toString('base64url')}`;
    state.tokens.set(value, now() + ttl * 1000);
    state.tokensIssued += 1;
    return { access_token: value, token_type: 'Bearer', expires_in: ttl };
  }

  function checkToken(req: FastifyRequest) {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const expires = m?.[1] ? state.tokens.get(m[1]) : undefined;
    if (expires === undefined || expires <= now())
      throw apiError(401, 'invalid_token', 'access token missing, unknown or expired');
  }

  return {
    plugin,
    state,
    faults,
    setFaults: control.set,
    resetFaults: control.reset,
    async settled() {
      await inflight.idle();
      await deliverer.settled();
    },
  };
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function jsonBody(req: FastifyRequest): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(typeof req.body === 'string' ? req.body : '');
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw apiError(400, 'invalid_json', 'the body must be a JSON object');
}

const isApiError = (x: unknown): x is ApiError =>
  typeof x === 'object' && x !== null && 'code' in x && 'status' in x && 'message' in x;
