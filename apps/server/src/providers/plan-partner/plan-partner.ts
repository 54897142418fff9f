/**
 * The contract between the shop (catalogue sync, eSIM fulfilment, SIM card pages) and the wholesale plan
 * partner that issues eSIM profiles and data plans (payment-protocols.md §6). The adapter
 * (plan-partner.client.ts) speaks the partner's HTTP API; in demo mode and tests it talks to the local
 * simulator (plan-partner.simulator.ts). It is built in providers/index.ts and reached as
 * `ctx.providers.planPartner`; it never touches the database.
 *
 * The partner's shape is that of real wholesale eSIM APIs: an OAuth client-credentials token that expires
 * (the adapter fetches and refreshes it), packages with wholesale prices, orders created idempotently by
 * OUR key (a repeated key returns the same order, never a second one) that may complete later and then
 * announce themselves with a signed webhook, SIMs with ICCID and GSMA activation code, usage, top-ups to
 * an existing ICCID, cancellation, and logistics for physical SIMs. Instants are epoch ms; money is integer
 * minor units of the partner's currency; data in bytes.
 */
import type { InboundCallback } from '../payments/channel';

export type PartnerCountry = { code: string; name: string; region: string };

export type PartnerCommodity = {
  /** The partner's package code, stable while the package exists. */
  code: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes the plan covers. */
  countries: string[];
  /** Data allowance in bytes; null: unlimited (fair-use throttled). */
  dataBytes: number | null;
  validityDays: number;
  /** When the validity clock starts. */
  validityStart: 'purchase' | 'install' | 'first_attach';
  /** Wholesale price per unit, minor units of `currency`. */
  price: number;
  currency: string;
  /** `esim` issues a profile, `physical` a SIM card that ships, `topup` adds to an existing ICCID. */
  kind: 'esim' | 'physical' | 'topup';
  /** Whether top-up packages can be added to SIMs of this plan. */
  topUpable: boolean;
};

/** One SIM (profile) the partner issued. */
export type PartnerSim = {
  /** Digits only; see `iccidWarning`. */
  iccid: string;
  /** Set when the partner's ICCID is plausible but unusual (not Luhn, odd length or prefix): log it. */
  iccidWarning: null | 'not_luhn' | 'unusual_length' | 'unusual_prefix';
  /** The full `LPA:1$…` string, as the QR code carries it (checked with parseActivationCode). */
  activationCode: string;
  smdpAddress: string;
  matchingId: string;
  /** Typed by the buyer during install when the activation code ends in `$1`; never in the QR. */
  confirmationCode: string | null;
};

export type PartnerOrderState = 'pending' | 'completed' | 'failed' | 'cancelled';

export type PartnerOrder = {
  /** The partner's order number. */
  orderNo: string;
  /** Our idempotency key (e.g. our order line): one key, one partner order, forever. */
  reference: string;
  kind: 'new' | 'topup';
  state: PartnerOrderState;
  commodityCode: string;
  quantity: number;
  /** New SIMs (kind `new`, once completed); empty for top-ups. */
  sims: PartnerSim[];
  /** The topped-up SIM (kind `topup`). */
  iccid: string | null;
  /** Why the order failed or was refused, in the partner's words. */
  failureReason: string | null;
  createdAt: number;
  completedAt: number | null;
};

export type SimStatus = 'not_installed' | 'installed' | 'active' | 'depleted' | 'expired';

export type PartnerUsage = {
  iccid: string;
  status: SimStatus;
  usedBytes: number;
  /** Null when the plan is unlimited. */
  remainingBytes: number | null;
  totalBytes: number | null;
  /** Null until the validity clock starts. */
  expiresAt: number | null;
  /** When the validity clock started (activation), when the partner says; null otherwise. */
  startedAt: number | null;
  /** When the partner measured this: its data lags minutes to hours, so show it. */
  asOf: number;
};

export type LogisticsCompany = { code: string; name: string; trackingUrl: string | null };

export type PickupSite = {
  code: string;
  name: string;
  country: string;
  city: string;
  address: string;
  openingHours: string;
};

export type CreateOrderRequest = {
  /** Our idempotency key ([A-Za-z0-9_.:-], at most 64): repeating it returns the first order. */
  reference: string;
  commodityCode: string;
  quantity: number;
  /** Where the partner POSTs the signed webhook when the order completes or fails. */
  callbackUrl: string;
};

export type TopUpRequest = {
  reference: string;
  iccid: string;
  commodityCode: string;
  callbackUrl: string;
};

/** A verified webhook. The same event may arrive more than once (same `eventId`): handle it idempotently. */
export type PartnerWebhookEvent = {
  eventId: string;
  type: 'order.completed' | 'order.failed' | 'order.cancelled';
  /** When the partner signed it. */
  sentAt: number;
  order: PartnerOrder;
};

/** Thrown when the partner could not be reached, timed out or answered 5xx after the retries: try later
 *  (with the same reference: nothing is ordered twice). */
export class PartnerUnavailableError extends Error {
  constructor(reason: string) {
    super(`plan partner unavailable: ${reason}`);
  }
}

/** The partner refused the request (unknown package, ICCID not ours, order no longer cancellable, a
 *  reference reused for a different order...): retrying will not help. */
export class PartnerRejectedError extends Error {
  constructor(
    readonly code: string,
    reason: string,
    readonly status: number,
  ) {
    super(`plan partner refused (${code}): ${reason}`);
  }
}

/** A webhook that failed verification (signature, timestamp outside the window, malformed). */
export class PartnerVerificationError extends Error {
  constructor(reason: string) {
    super(`plan partner webhook: ${reason}`);
  }
}

export interface PlanPartner {
  countries(): Promise<PartnerCountry[]>;
  /** The packages on sale, optionally only those covering `country`. */
  commodities(filter?: { country?: string }): Promise<PartnerCommodity[]>;
  /** One package with its current price; null when the partner no longer sells it. */
  commodity(code: string): Promise<PartnerCommodity | null>;
  /** Orders new SIMs; the answer may still be `pending` (a webhook follows, or ask with `order`). */
  createOrder(req: CreateOrderRequest): Promise<PartnerOrder>;
  /** Adds a package to an existing SIM; same idempotency and completion as createOrder. */
  topUp(req: TopUpRequest): Promise<PartnerOrder>;
  /** The order made with our `reference`; null when the partner has none. */
  order(reference: string): Promise<PartnerOrder | null>;
  /** Cancels an order that is pending, or whose SIMs are not yet installed; PartnerRejectedError otherwise. */
  cancel(reference: string): Promise<PartnerOrder>;
  usage(iccid: string): Promise<PartnerUsage>;
  logisticsCompanies(): Promise<LogisticsCompany[]>;
  pickupSites(filter?: { country?: string }): Promise<PickupSite[]>;
  /** Verifies a webhook over its raw body (HMAC-SHA256, timestamp within the replay window) and decodes
   *  it; throws PartnerVerificationError when it is forged or stale. */
  verifyWebhook(req: InboundCallback): PartnerWebhookEvent;
}
