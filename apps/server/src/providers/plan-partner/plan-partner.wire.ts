import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * The plan partner's wire format (its API v1), shared by the adapter and the simulator so they cannot
 * drift apart: JSON in snake_case, instants as ISO 8601, prices in minor units, data in bytes, errors as
 * `{ "error": { "code", "message" } }`. Webhooks carry `X-Partner-Timestamp` (Unix seconds) and
 * `X-Partner-Signature: v1=<hex HMAC-SHA256(webhook secret, "<timestamp>.<raw body>")>`.
 */

export const SIGNATURE_HEADER = 'x-partner-signature';
export const TIMESTAMP_HEADER = 'x-partner-timestamp';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** `v1=<hex>` over `${timestamp}.${rawBody}`. */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export const wireCountry = z.object({ code: z.string(), name: z.string(), region: z.string() });

export const wirePackage = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['ESIM', 'PHYSICAL', 'TOPUP']),
  countries: z.array(z.string()),
  /** -1: unlimited. */
  volume_bytes: z.number().int(),
  validity_days: z.number().int().positive(),
  validity_start: z.enum(['PURCHASE', 'INSTALL', 'FIRST_ATTACH']),
  price: z.number().int().nonnegative(),
  currency: z.string().length(3),
  topup_supported: z.boolean(),
});
export type WirePackage = z.infer<typeof wirePackage>;

export const wireSim = z.object({
  iccid: z.string(),
  activation_code: z.string(),
  smdp_address: z.string(),
  matching_id: z.string(),
  confirmation_code: z.string().nullable(),
});
export type WireSim = z.infer<typeof wireSim>;

export const wireOrder = z.object({
  order_no: z.string(),
  reference: z.string(),
  type: z.enum(['NEW', 'TOPUP']),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED']),
  package_code: z.string(),
  quantity: z.number().int().positive(),
  iccid: z.string().nullable(),
  sims: z.array(wireSim),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type WireOrder = z.infer<typeof wireOrder>;

export const wireUsage = z.object({
  iccid: z.string(),
  status: z.enum(['NOT_INSTALLED', 'INSTALLED', 'ACTIVE', 'DEPLETED', 'EXPIRED']),
  used_bytes: z.number().int().nonnegative(),
  /** -1 with total -1: unlimited. */
  remaining_bytes: z.number().int(),
  total_bytes: z.number().int(),
  expires_at: z.string().nullable(),
  /** When the validity clock started (purchase, install or first attach, by the package's rule); optional. */
  validity_started_at: z.string().nullable().optional(),
  as_of: z.string(),
});
export type WireUsage = z.infer<typeof wireUsage>;

export const wireLogistics = z.object({
  code: z.string(),
  name: z.string(),
  tracking_url: z.string().nullable(),
});

export const wirePickupSite = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  opening_hours: z.string(),
});

export const wireToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export const wireWebhook = z.object({
  id: z.string().min(1),
  type: z.enum(['order.completed', 'order.failed', 'order.cancelled']),
  created_at: z.string(),
  data: z.object({ order: wireOrder }),
});
export type WireWebhook = z.infer<typeof wireWebhook>;

export const wireError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
