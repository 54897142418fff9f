import crypto from 'node:crypto';
import type { z } from 'zod';
import { checkProviderIccid, parseActivationCode } from '@simshop/contracts';
import type { HttpClient, HttpResponse, InboundCallback } from '../payments/channel';
import { headerOf } from '../payments/http-client';
import {
  PartnerRejectedError,
  PartnerUnavailableError,
  PartnerVerificationError,
  type PartnerCommodity,
  type PartnerOrder,
  type PartnerSim,
  type PartnerUsage,
  type PlanPartner,
} from './plan-partner';
import {
  IDEMPOTENCY_HEADER,
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
  wireCountry,
  wireError,
  wireLogistics,
  wireOrder,
  wirePackage,
  wirePickupSite,
  wireToken,
  wireUsage,
  wireWebhook,
  type WireOrder,
  type WirePackage,
  type WireSim,
} from './plan-partner.wire';

export type PlanPartnerClientOptions = {
  /** The partner's API root, e.g. https://api.partner.example/v1 (no trailing slash needed). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The shared secret the partner signs webhooks with. */
  webhookSecret: string;
  http: HttpClient;
  now?: () => number;
  /** Per-request deadline; a request still unanswered then counts as a timeout (and is retried). */
  timeoutMs?: number;
  /** Delays before each retry after a 5xx, timeout or network error; default [250, 1000]. */
  retryDelaysMs?: readonly number[];
  /** How a retry waits (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
  /** Webhooks signed further than this from now (either way) are refused as replays; default 300 s. */
  webhookToleranceMs?: number;
  /** Called with each provider-supplied ICCID that is plausible but unusual (log it). */
  onIccidWarning?: (iccid: string, warning: string) => void;
};

/** A token is renewed this long before the partner says it expires, so no request carries a dying one. */
const TOKEN_MARGIN_MS = 60_000;

class Retryable extends Error {}

/**
 * The plan partner's HTTP adapter. Every call carries a bearer token from the client-credentials grant,
 * fetched on first use, renewed before it expires and once more when the partner answers 401. 5xx answers,
 * timeouts and network errors are retried (POSTs carry our reference as Idempotency-Key, so a retry never
 * orders twice) and end in PartnerUnavailableError; 4xx answers end in PartnerRejectedError.
 */
export function createPlanPartnerClient(o: PlanPartnerClientOptions): PlanPartner {
  const base = o.baseUrl.replace(/\/+$/, '');
  const now = o.now ?? Date.now;
  const timeoutMs = o.timeoutMs ?? 15_000;
  const delays = o.retryDelaysMs ?? [250, 1000];
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
  const tolerance = o.webhookToleranceMs ?? 300_000;
  let token: { value: string; expiresAt: number } | null = null;
  let fetching: Promise<string> | null = null;

  async function once(method: string, path: string, headers: Record<string, string>, body?: string) {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      const res = await Promise.race([o.http({ method, url: `${base}${path}`, headers, body }), deadline]);
      if (!res) throw new Retryable(`${method} ${path} timed out after ${timeoutMs} ms`);
      if (res.status >= 500) throw new Retryable(`${method} ${path} answered ${res.status}`);
      return res;
    } catch (err) {
      if (err instanceof Retryable) throw err;
      throw new Retryable(`${method} ${path}: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async function withRetries(run: () => Promise<HttpResponse>): Promise<HttpResponse> {
    let last = '';
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) await sleep(delays[attempt - 1] ?? 0);
      try {
        return await run();
      } catch (err) {
        if (!(err instanceof Retryable)) throw err;
        last = err.message;
      }
    }
    throw new PartnerUnavailableError(last);
  }

  function rejected(res: HttpResponse): PartnerRejectedError {
    const e = wireError.safeParse(safeJson(res.body));
    return e.success
      ? new PartnerRejectedError(e.data.error.code, e.data.error.message, res.status)
      : new PartnerRejectedError(`http_${res.status}`, res.body.slice(0, 200), res.status);
  }

  async function fetchToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: o.clientId,
      client_secret: o.clientSecret,
    }).toString();
    const res = await withRetries(() =>
      once('POST', '/oauth/token', { 'content-type': 'application/x-www-form-urlencoded' }, body),
    );
    if (res.status !== 200) throw rejected(res);
    const t = decode(wireToken, res.body, 'token');
    token = { value: t.access_token, expiresAt: now() + t.expires_in * 1000 };
    return t.access_token;
  }

  async function bearer(): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > now()) return token.value;
    // one token request at a time, however many calls need it
    fetching ??= fetchToken().finally(() => (fetching = null));
    return fetching;
  }

  /** One API call: token, retries, one renewal on 401; answers 404 as null when `nullOn404`. */
  async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; idempotencyKey?: string; nullOn404?: boolean } = {},
  ): Promise<T | null> {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const send = async () => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await bearer()}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.idempotencyKey ? { [IDEMPOTENCY_HEADER]: opts.idempotencyKey } : {}),
      };
      return withRetries(() => once(method, path, headers, body));
    };
    let res = await send();
    if (res.status === 401) {
      token = null;
      res = await send();
    }
    if (res.status === 404 && opts.nullOn404) return null;
    if (res.status < 200 || res.status >= 300) throw rejected(res);
    return decode(schema, res.body, `${method} ${path}`);
  }

  const must = async <T>(p: Promise<T | null>): Promise<T> => {
    const v = await p;
    if (v === null) throw new PartnerUnavailableError('empty answer');
    return v;
  };

  const toSim = (w: WireSim): PartnerSim => {
    const checked = checkProviderIccid(w.iccid);
    if (!checked) throw new PartnerUnavailableError(`the partner sent an ICCID that is not one: ${w.iccid}`);
    if (checked.warning) o.onIccidWarning?.(checked.iccid, checked.warning);
    const code = parseActivationCode(w.activation_code);
    if (!code)
      throw new PartnerUnavailableError(`the partner sent a malformed activation code for ${w.iccid}`);
    if (code.smdpAddress !== w.smdp_address || code.matchingId !== w.matching_id)
      throw new PartnerUnavailableError(`activation code and SM-DP+ fields disagree for ${w.iccid}`);
    if (code.confirmationRequired && !w.confirmation_code)
      throw new PartnerUnavailableError(`confirmation code missing for ${w.iccid}`);
    return {
      iccid: checked.iccid,
      iccidWarning: checked.warning,
      activationCode: w.activation_code.startsWith('LPA:') ? w.activation_code : `LPA:${w.activation_code}`,
      smdpAddress: code.smdpAddress,
      matchingId: code.matchingId,
      confirmationCode: w.confirmation_code,
    };
  };

  const toOrder = (w: WireOrder): PartnerOrder => ({
    orderNo: w.order_no,
    reference: w.reference,
    kind: w.type === 'NEW' ? 'new' : 'topup',
    state: w.status.toLowerCase() as PartnerOrder['state'],
    commodityCode: w.package_code,
    quantity: w.quantity,
    sims: w.sims.map(toSim),
    iccid: w.iccid,
    failureReason: w.failure_reason,
    createdAt: Date.parse(w.created_at),
    completedAt: w.completed_at ? Date.parse(w.completed_at) : null,
  });

  /** Orders and top-ups: POSTed with our reference as the Idempotency-Key (a retry finds the same order). */
  const place = async (
    path: string,
    reference: string,
    extra: Record<string, unknown>,
    req: { commodityCode: string; callbackUrl: string },
  ) => {
    const body = { reference, package_code: req.commodityCode, callback_url: req.callbackUrl, ...extra };
    return toOrder(await must(call(wireOrder, 'POST', path, { idempotencyKey: reference, body })));
  };

  const q = (params: Record<string, string | undefined>) => {
    const s = new URLSearchParams(
      Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString();
    return s ? `?${s}` : '';
  };
  const seg = encodeURIComponent;

  return {
    async countries() {
      return must(call(wireCountry.array(), 'GET', '/countries'));
    },
    async commodities(filter = {}) {
      const list = await must(call(wirePackage.array(), 'GET', `/packages${q({ country: filter.country })}`));
      return list.map(toCommodity);
    },
    async commodity(code) {
      const p = await call(wirePackage, 'GET', `/packages/${seg(code)}`, { nullOn404: true });
      return p && toCommodity(p);
    },
    async createOrder(req) {
      return place('/orders', req.reference, { quantity: req.quantity }, req);
    },
    async topUp(req) {
      return place('/topups', req.reference, { iccid: req.iccid }, req);
    },
    async order(reference) {
      const w = await call(wireOrder, 'GET', `/orders/${seg(reference)}`, { nullOn404: true });
      return w && toOrder(w);
    },
    async cancel(reference) {
      return toOrder(await must(call(wireOrder, 'POST', `/orders/${seg(reference)}/cancel`, { body: {} })));
    },
    async usage(iccid) {
      const u = await must(call(wireUsage, 'GET', `/sims/${seg(iccid)}/usage`));
      const unlimited = u.total_bytes < 0;
      return {
        iccid: u.iccid,
        status: u.status.toLowerCase() as PartnerUsage['status'],
        usedBytes: u.used_bytes,
        remainingBytes: unlimited ? null : u.remaining_bytes,
        totalBytes: unlimited ? null : u.total_bytes,
        expiresAt: u.expires_at ? Date.parse(u.expires_at) : null,
        startedAt: u.validity_started_at ? Date.parse(u.validity_started_at) : null,
        asOf: Date.parse(u.as_of),
      };
    },
    async logisticsCompanies() {
      const list = await must(call(wireLogistics.array(), 'GET', '/logistics/companies'));
      return list.map((c) => ({ code: c.code, name: c.name, trackingUrl: c.tracking_url }));
    },
    async pickupSites(filter = {}) {
      const list = await must(
        call(wirePickupSite.array(), 'GET', `/pickup-sites${q({ country: filter.country })}`),
      );
      return list.map(({ opening_hours, ...s }) => ({ ...s, openingHours: opening_hours }));
    },
    verifyWebhook(req: InboundCallback) {
      const signature = headerOf(req.headers, SIGNATURE_HEADER);
      const stamp = headerOf(req.headers, TIMESTAMP_HEADER);
      if (!signature || !stamp) throw new PartnerVerificationError('signature or timestamp missing');
      if (!/^\d{1,12}$/.test(stamp)) throw new PartnerVerificationError('malformed timestamp');
      const ts = Number(stamp);
      if (Math.abs(now() - ts * 1000) > tolerance)
        throw new PartnerVerificationError('timestamp outside the replay window');
      const want = Buffer.from(signWebhook(o.webhookSecret, ts, req.rawBody));
      const got = Buffer.from(signature.trim());
      if (got.length !== want.length || !crypto.timingSafeEqual(got, want))
        throw new PartnerVerificationError('bad signature');
      const parsed = wireWebhook.safeParse(safeJson(req.rawBody));
      if (!parsed.success) throw new PartnerVerificationError('malformed body');
      const e = parsed.data;
      let order: PartnerOrder;
      try {
        order = toOrder(e.data.order);
      } catch (err) {
        throw new PartnerVerificationError((err as Error).message);
      }
      return { eventId: e.id, type: e.type, sentAt: ts * 1000, order };
    },
  };
}

function toCommodity(p: WirePackage): PartnerCommodity {
  return {
    code: p.code,
    name: p.name,
    countries: p.countries,
    dataBytes: p.volume_bytes < 0 ? null : p.volume_bytes,
    validityDays: p.validity_days,
    validityStart: p.validity_start.toLowerCase() as PartnerCommodity['validityStart'],
    price: p.price,
    currency: p.currency,
    kind: p.type.toLowerCase() as PartnerCommodity['kind'],
    topUpable: p.topup_supported,
  };
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function decode<T>(schema: z.ZodType<T>, body: string, what: string): T {
  const r = schema.safeParse(safeJson(body));
  if (!r.success) throw new PartnerUnavailableError(`malformed answer to ${what}`);
  return r.data;
}
