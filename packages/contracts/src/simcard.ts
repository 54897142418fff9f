import { z } from 'zod';
import { pageOf, pageRequest } from './envelope';
import { isValidIccid } from './validators';

/**
 * SIM cards and eSIM delivery (issue 11): the buyer's cards under `app/simcard/iccid`, the order's eSIM
 * delivery state, and the operators' stuck-delivery calls under `admin/simcard`. Data amounts are bytes
 * (the partner's unit); usage history points are MB for the client-side forecast. Instants are ISO-8601.
 */

/** not_installed: profile issued, not on a phone yet; installed: on a phone, not attached to a network;
 *  active: in use; used_up: no data left; expired: validity ended. */
export const simCardStatus = z.enum(['not_installed', 'installed', 'active', 'used_up', 'expired']);
export type SimCardStatus = z.infer<typeof simCardStatus>;

export const simCardKind = z
  .enum(['esim', 'physical'])
  .describe('esim: delivered as a profile; physical: bound by ICCID');

const isoTime = z.string();

/** ICCID typed or chosen by the buyer: 19-20 digits starting 89 with a valid Luhn digit (spaces, dashes ignored). */
export const iccidInput = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine(isValidIccid, { params: { rule: 'iccid' } });
const iccid = iccidInput;

/** One of the caller's cards, as the list shows it (no activation secrets). */
export const simCardSummary = z.object({
  iccid: z.string().describe('digits only; group by four when showing'),
  kind: simCardKind,
  planName: z.string().describe('the plan as bought (goods title and spec), or the partner package name'),
  label: z.string().nullable().describe('the buyer\'s own name for the card ("Mum\'s phone"); null: unnamed'),
  countries: z.array(z.string()).describe('ISO 3166-1 alpha-2 codes the plan covers'),
  status: simCardStatus,
  dataTotalBytes: z.number().int().nullable().describe('null: unlimited'),
  dataUsedBytes: z.number().int(),
  dataLeftBytes: z.number().int().nullable().describe('null: unlimited'),
  usageAsOf: isoTime.nullable().describe('when the partner measured the usage; null: never measured yet'),
  validFrom: isoTime.nullable().describe('null until the validity clock starts'),
  validUntil: isoTime.nullable(),
  lowDataAlertMb: z.number().int().nullable().describe("the buyer's low-data threshold in MB; null: off"),
  lowDataAlerted: z.boolean().describe('data left is below the threshold and the alert has fired'),
  canTopUp: z.boolean(),
  topUpGoodsId: z
    .number()
    .int()
    .nullable()
    .describe('goods to buy for a top-up (needFillCard; carry the ICCID as cardNumber); null: none on sale'),
  boundAt: isoTime,
});
export type SimCardSummary = z.infer<typeof simCardSummary>;

/** What a phone needs to install the eSIM profile (absent for physical cards). */
export const simCardActivation = z.object({
  activationCode: z
    .string()
    .describe('the full GSMA string LPA:1$<SM-DP+>$<matching id>[$1]: what the QR code carries'),
  smdpAddress: z.string(),
  matchingId: z.string(),
  confirmationCode: z
    .string()
    .nullable()
    .describe('typed during install when the code ends in $1; never in the QR'),
  appleInstallUrl: z
    .string()
    .describe(
      'one-tap install on iOS 17.4+: https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<code>',
    ),
});
export type SimCardActivation = z.infer<typeof simCardActivation>;

export const usagePoint = z.object({
  at: isoTime,
  usedMb: z.number().describe('cumulative data used at `at`, MB (may be fractional)'),
});
export type UsagePoint = z.infer<typeof usagePoint>;

export const simCardDetail = simCardSummary.extend({
  activation: simCardActivation.nullable().describe('null for physical cards'),
  destinationTimeZone: z
    .string()
    .nullable()
    .describe("IANA zone of the plan's country when it keeps one clock, to show validity there; else null"),
  validityRule: z
    .object({
      days: z.number().int(),
      start: z
        .enum(['purchase', 'install', 'first_attach'])
        .describe('when the days start counting: at purchase, at install, or at the first connection'),
    })
    .nullable()
    .describe("the plan's validity as the partner states it; null when the package is unknown"),
  orderId: z
    .number()
    .int()
    .nullable()
    .describe('the order that delivered it; null for a bound physical card'),
  usageHistory: z.array(usagePoint).describe('oldest first, at most 200 points: feed the forecast'),
});
export type SimCardDetail = z.infer<typeof simCardDetail>;

/** GET /info: a light view of one of the caller's cards (top-up page, badges). */
export const simCardInfo = simCardSummary.pick({
  iccid: true,
  kind: true,
  planName: true,
  status: true,
  dataLeftBytes: true,
  validUntil: true,
  canTopUp: true,
  topUpGoodsId: true,
});
export type SimCardInfo = z.infer<typeof simCardInfo>;

export const simCardIccidQuery = z.object({ iccid });
export const simCardListResponse = z.object({
  items: z.array(simCardSummary),
  unreadNotices: z.number().int().describe('unread low-data alerts etc.: the badge'),
});
export type SimCardListResponse = z.infer<typeof simCardListResponse>;

/** Bind codes printed with physical cards: 8 characters of this alphabet (no 0/O, 1/I/L). */
export const SIM_BIND_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SIM_BIND_CODE_LENGTH = 8;
/** Wrong bind codes a card takes before it can only be bound by customer service. */
export const SIM_BIND_MAX_ATTEMPTS = 5;

/**
 * POST /bind: a physical SIM card the shop sold, by its ICCID (Luhn checked). A card that shipped with one
 * of the caller's orders needs nothing more; any other sold card needs the bind code printed with it.
 * An ICCID the shop never sold (an eSIM, or one not yet issued) is never bound.
 */
export const simCardBindRequest = z.object({
  iccid,
  bindCode: z
    .string()
    .trim()
    .max(40)
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase() || undefined)
    .optional()
    .describe('the bind code printed with the card; not needed for a card that shipped with your order'),
});

/** Operators: the physical cards that go out (with an order, or over the counter), ICCIDs as printed. */
export const adminSimIssueRequest = z.object({
  iccids: z.array(z.string().trim().min(1).max(40)).min(1).max(200),
  orderId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('the order the cards ship with; its buyer binds them'),
});
export const adminSimIssueResponse = z.object({
  cards: z.array(
    z.object({
      iccid: z.string(),
      bindCode: z.string().describe('print it with the card: shown this once, kept only as a hash'),
    }),
  ),
});

/** POST /alert: the low-data threshold; null turns it off. It fires once per crossing. */
export const SIM_ALERT_MB_MAX = 1_000_000;
export const simCardAlertRequest = z.object({
  iccid,
  thresholdMb: z.number().int().min(1).max(SIM_ALERT_MB_MAX).nullable(),
});
export const simCardAlertResponse = z.object({
  iccid: z.string(),
  lowDataAlertMb: z.number().int().nullable(),
});

// ---------------------------------------------------------------- notices (the app's message list)

export const noticeKind = z.enum(['low_data', 'esim_delivered', 'topup_done']);
export const notice = z.object({
  id: z.number().int(),
  kind: noticeKind,
  iccid: z.string().nullable(),
  /** Values for the client's i18n text of `kind` (e.g. leftMb, thresholdMb, planName). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  createdAt: isoTime,
});
export type Notice = z.infer<typeof notice>;
export const noticePageRequest = pageRequest;
export const noticePageResponse = pageOf(notice);
export const noticeUnreadResponse = z.object({ count: z.number().int() });
export const noticeReadRequest = z.object({
  ids: z.array(z.coerce.number().int().positive()).max(200).optional().describe('absent: all'),
});

// ---------------------------------------------------------------- the order's eSIM delivery

export const deliveryState = z.enum(['delivering', 'delivered', 'stuck', 'cancelled']);
export type DeliveryState = z.infer<typeof deliveryState>;
/** On the order answer as `delivery`: null when the order has no partner lines (eSIM, top-up) or is unpaid. */
export const orderDelivery = deliveryState
  .nullable()
  .describe(
    'delivering: ordering from the partner (retried with backoff); stuck: gave up, operators are on it',
  );

// ---------------------------------------------------------------- operators

export const adminDelivery = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderLineId: z.number().int(),
  userId: z.number().int(),
  kind: z.enum(['esim', 'topup']),
  commodityCode: z.string(),
  state: deliveryState,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  heldIccids: z
    .array(z.string())
    .describe(
      "cards the partner delivered that another account already holds: codes kept, not the buyer's yet",
    ),
  partnerOrderNo: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export const adminDeliveryPageRequest = pageRequest.extend({ state: deliveryState.optional() });
export const adminDeliveryPageResponse = pageOf(adminDelivery);
export const adminDeliveryRetryRequest = z.object({ id: z.coerce.number().int().positive() });
export const adminCatalogueSyncResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unavailable: z.number().int().describe('specs whose partner package is gone: kept, marked unavailable'),
});
export type CatalogueSyncResult = z.infer<typeof adminCatalogueSyncResponse>;
/** The catalogue sync's pricing: our price = wholesale x fxRate x (1 + markupPercent / 100), whole units up. */
export const partnerPricingRule = z.object({
  markupPercent: z.number().min(0).max(1000).describe('percent added to the wholesale price'),
  fxRate: z.number().positive().max(100_000).describe("our currency per unit of the partner's"),
});
export const adminPartnerPricing = partnerPricingRule.extend({
  source: z.enum(['config', 'operator']).describe('config: no operator value saved, the defaults apply'),
  defaults: partnerPricingRule.describe('the configured defaults (PARTNER_MARKUP_PERCENT, PARTNER_FX_RATE)'),
  adminId: z.number().int().nullable(),
  updatedAt: z.string().datetime().nullable(),
});
export const adminPartnerPricingUpdateRequest = partnerPricingRule;
export const adminPartnerPricingResetRequest = z.object({}).describe('back to the configured defaults');

// ---------------------------------------------------------------- the plan partner calls (app/billion/api)

export const partnerCountry = z.object({ code: z.string(), name: z.string(), region: z.string() });
export const partnerLogisticsCompany = z.object({
  code: z.string(),
  name: z.string(),
  trackingUrl: z.string().nullable(),
});
export const partnerPickupSite = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  openingHours: z.string(),
});
export const partnerCountryQuery = z.object({
  country: z.string().trim().length(2).toUpperCase().optional(),
});
/** A partner package as operators see it: wholesale price and our marked-up price (shop currency). */
export const partnerCommodityView = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['esim', 'physical', 'topup']),
  countries: z.array(z.string()),
  dataBytes: z.number().int().nullable(),
  validityDays: z.number().int(),
  wholesalePrice: z.number().int(),
  wholesaleCurrency: z.string(),
  ourPrice: z.number().int().describe('minor units of the shop currency, after FX and markup'),
  topUpable: z.boolean(),
});
export const partnerCommodityPriceQuery = z.object({ code: z.string().trim().min(1).max(64) });
export const partnerCommodityPrice = partnerCommodityView.extend({ available: z.boolean() });

/** The buyer's own paid order: make sure its partner orders exist (idempotent: nothing is ordered twice). */
export const partnerOrderCreateRequest = z.object({ orderId: z.coerce.number().int().positive() });
export const partnerDeliveryView = z.object({
  orderLineId: z.number().int(),
  kind: z.enum(['esim', 'topup']),
  state: deliveryState,
  iccids: z.array(z.string()),
});
export const partnerOrderCreateResponse = z.object({
  orderId: z.number().int(),
  delivery: orderDelivery,
  lines: z.array(partnerDeliveryView),
});
/** The buyer's view of one order's eSIM delivery (`GET app/simcard/iccid/delivery`), for the order page. */
export const simCardOrderDeliveryQuery = z.object({ orderId: z.coerce.number().int().positive() });
export const simCardOrderDelivery = z.object({
  orderId: z.number().int(),
  delivery: orderDelivery,
  retrying: z
    .boolean()
    .describe('still delivering, but an attempt failed or it takes longer than usual: retried automatically'),
  lines: z.array(partnerDeliveryView),
});
export type SimCardOrderDelivery = z.infer<typeof simCardOrderDelivery>;
export const partnerOrderInfoRequest = z.object({ orderLineId: z.coerce.number().int().positive() });
export const partnerOrderInfo = z.object({
  orderLineId: z.number().int(),
  reference: z.string(),
  partnerOrderNo: z.string().nullable(),
  partnerState: z.enum(['pending', 'completed', 'failed', 'cancelled']).nullable(),
  delivery: deliveryState,
  commodityCode: z.string(),
  iccids: z.array(z.string()),
  failureReason: z.string().nullable(),
});
export const partnerCardRequest = z.object({ iccid });
export const cardValidity = z.object({
  iccid: z.string(),
  status: simCardStatus,
  validFrom: isoTime.nullable(),
  validUntil: isoTime.nullable(),
});
export const logisticsUpdateRequest = z.object({
  orderId: z.coerce.number().int().positive(),
  carrier: z.string().trim().min(1).max(64).describe('a code from /logistics/companies'),
  trackingNo: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});
export const partnerCancelRequest = z.object({ orderLineId: z.coerce.number().int().positive() });
