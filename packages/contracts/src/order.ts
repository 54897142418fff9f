import { z } from 'zod';
import { pageOf, pageRequest } from './envelope';
import { payWayCode } from './common';
import { address } from './address';
import { applicableCoupon } from './coupon';
import {
  assetUrl,
  commentSubmitRequest,
  currencyCode,
  lineQuantity,
  minorAmount,
  PICTURES_MAX,
  QUANTITY_MAX,
} from './catalogue';
import { switchFlag } from './user';
import { isValidIccid } from './validators';
import { orderDelivery } from './simcard';
import { invoiceChoice } from './einvoice';

/**
 * Checkout and orders (issue 4), namespace app/order/info; operator calls under admin/order/info. Amounts
 * are integer minor units of `currency`. Status transitions (architecture 6): 0 -> 1 (paid) or, for virtual
 * goods, 0 -> 3 after fulfilment; 0 -> 7 (cancel, payment deadline); 1 -> 2 (shipped); 2 -> 3 (receipt
 * confirmed, or after N days); 3 -> 4 (every line reviewed, or after M days); 1/2/3 -> 5 (refund requested)
 * -> 6 (approved) or back to where it came from (rejected).
 */

export const ORDER_STATUS = {
  PENDING_PAYMENT: 0,
  PENDING_SHIPMENT: 1,
  PENDING_RECEIPT: 2,
  PENDING_REVIEW: 3,
  COMPLETED: 4,
  REFUNDING: 5,
  REFUNDED: 6,
  CLOSED: 7,
} as const;
export const orderStatus = z
  .number()
  .int()
  .min(0)
  .max(7)
  .describe(
    '0 pending payment, 1 pending shipment, 2 pending receipt, 3 pending review, 4 completed, 5 refunding, 6 refunded, 7 closed',
  );
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
/** The order list's tabs and the statuses each shows (`all`: every status). */
export const ORDER_TABS = {
  all: [0, 1, 2, 3, 4, 5, 6, 7],
  pendingPayment: [0],
  notShipped: [1],
  shipped: [2],
  pendingReview: [3],
  afterSales: [5, 6],
} as const satisfies Record<string, readonly number[]>;
export const orderTab = z.enum([
  'all',
  'pendingPayment',
  'notShipped',
  'shipped',
  'pendingReview',
  'afterSales',
]);
export type OrderTab = z.infer<typeof orderTab>;

export const ORDER_NOTE_MAX = 200;
/** The most units of one spec in an order line: the shop's one QUANTITY_MAX. */
export const ORDER_LINE_QUANTITY_MAX = QUANTITY_MAX;
export const ORDER_REFUND_TEXT_MAX = 500;
export const IDEMPOTENCY_KEY_MAX = 64;

const entityId = z.coerce.number().int().positive();
const isoTime = z.string();

/** ICCID of the SIM card to top up: 19-20 digits with a valid Luhn check digit (spaces and dashes ignored). */
export const iccid = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine(isValidIccid, { params: { rule: 'iccid' } });

export const idempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[A-Za-z0-9_.:+/=-]+$/)
  .describe(
    'one key per checkout attempt (letters, digits, _.:+/=-): a repeat with the same key answers the same order',
  );

// ---------------------------------------------------------------- quote and create

/** What checkout buys: the checked cart lines (no `buyNow`), or one spec bought at once. */
const checkoutSource = {
  buyNow: z
    .object({
      specId: entityId,
      quantity: lineQuantity.default(1),
    })
    .optional()
    .describe('"buy now" from the goods page; absent: the checked cart lines'),
  addressId: entityId.nullable().optional().describe('needed when a line ships; absent: the default address'),
  userCouponId: entityId.nullable().optional().describe("one of the caller's coupons; absent or null: none"),
  usePoints: z
    .boolean()
    .default(false)
    .describe('the buyer switches points on: the quote prices the discount the pay step (usePoint) applies'),
};

export const orderQuoteRequest = z.object(checkoutSource);
export type OrderQuoteRequest = z.infer<typeof orderQuoteRequest>;

export const orderCreateRequest = z.object({
  ...checkoutSource,
  payWay: payWayCode.describe("must be among the quote's payMethods"),
  cardNumber: iccid.optional().describe('ICCID; required when a line needs a card number'),
  note: z.string().trim().max(ORDER_NOTE_MAX).default(''),
  idempotencyKey: idempotencyKey.optional().describe('or the Idempotency-Key header'),
  invoice: invoiceChoice
    .optional()
    .describe("the e-invoice choice (issue 28); absent: the buyer's remembered one, else the member carrier"),
});
export type OrderCreateRequest = z.infer<typeof orderCreateRequest>;

/** One line of a quote or an order: goods and spec as priced (quote) or as bought (order snapshot). */
export const orderLine = z.object({
  id: z.number().int().describe('order line id (0 in a quote)'),
  goodsId: z.number().int(),
  specId: z.number().int(),
  title: z.string(),
  specName: z.string(),
  picture: z.string().nullable(),
  price: minorAmount,
  quantity: z.number().int(),
  subtotal: minorAmount,
  goodsType: switchFlag.describe('1 virtual, 0 physical'),
  noFreight: switchFlag.describe('1: physical but not shipped (e.g. collected at the airport)'),
  needFillCard: switchFlag,
  commented: z.boolean().describe('the buyer has reviewed this line'),
});
export type OrderLine = z.infer<typeof orderLine>;

export const orderAmounts = z.object({
  currency: z.string(),
  goodsAmount: minorAmount,
  shippingAmount: minorAmount,
  couponDiscount: minorAmount,
  pointsDiscount: minorAmount,
  totalAmount: minorAmount,
});
export type OrderAmounts = z.infer<typeof orderAmounts>;

/** The server's price breakdown for the submit page, with what the buyer must still choose. */
export const orderQuoteLine = orderLine.extend({
  payWays: z.array(payWayCode).describe('what this line supports (and the shop offers)'),
  stock: z.number().int(),
});
export const orderQuote = orderAmounts.extend({
  lines: z.array(orderQuoteLine),
  payMethods: z.array(payWayCode).describe('what every line supports and the shop offers'),
  needFillCard: z.boolean(),
  needAddress: z.boolean().describe('some line is shipped'),
  supportPointDiscount: z.boolean(),
  pointsUsed: z
    .number()
    .int()
    .optional()
    .describe('how many points pointsDiscount takes (checkout says it before the buyer submits)'),
  freeShippingMin: minorAmount.nullable().describe('goods total from which shipping is free; null: never'),
  shippingFree: z.boolean().describe('shipping waived by the free-shipping rule'),
  address: address.nullable().describe('the chosen (or default) address when one is needed'),
  coupons: z.array(applicableCoupon).describe("the caller's coupons usable on these lines, best first"),
  userCouponId: z.number().int().nullable().describe('the coupon priced in (as asked)'),
});
export type OrderQuote = z.infer<typeof orderQuote>;

// ---------------------------------------------------------------- orders

export const orderActions = z.object({
  cancel: z.boolean(),
  pay: z.boolean(),
  update: z.boolean(),
  confirm: z.boolean(),
  refund: z.boolean(),
  comment: z.boolean(),
  logistics: z.boolean(),
});

export const refundState = z.enum(['requested', 'approved', 'rejected']);
export const orderRefund = z.object({
  id: z.number().int(),
  reason: z.string().describe('value of the refundReason dictionary'),
  description: z.string(),
  pictures: z.array(z.string()),
  fromStatus: orderStatus,
  state: refundState,
  amount: minorAmount.describe('what is (or would be) refunded'),
  requestedAmount: minorAmount.describe('what the buyer asked; more than amount after a partial approval'),
  /** Where the money is: `pending_provider` until the payments issue's refund path has settled it. */
  providerState: z.string().nullable(),
  rejectReason: z.string().nullable(),
  requestedAt: isoTime,
  decidedAt: isoTime.nullable(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

const logNoteKinds = [
  /** pay, late_payment: the payment attempt that brought the money */
  z.object({
    kind: z.literal('paid'),
    params: z.object({ way: payWayCode, attempt: z.string().describe('the attempt number') }),
  }),
  /** refund: the buyer's reason, a value of the refundReason dictionary */
  z.object({ kind: z.literal('refund_requested'), params: z.object({ reason: z.string() }) }),
  /** update: what the buyer changed before shipment */
  z.object({ kind: z.literal('changed'), params: z.object({ field: z.enum(['address', 'note']) }) }),
  /** ship: the carrier and tracking number the operator gave */
  z.object({
    kind: z.literal('shipped'),
    params: z.object({ carrier: z.string(), trackingNo: z.string() }),
  }),
  /** refund_approve: what was refunded of the ask; installed eSIMs refunded anyway, and the operator's reason */
  z.object({
    kind: z.literal('refund_approved'),
    params: z.object({
      amount: minorAmount.describe('refunded; less than asked for a partial approval'),
      asked: minorAmount,
      currency: currencyCode,
      installed: z.array(z.string()).describe('ICCIDs of installed eSIMs refunded in full'),
      reason: z.string().nullable().describe("the operator's reason, as typed"),
    }),
  }),
  /** refund_reject: the operator's reason, as typed */
  z.object({ kind: z.literal('refund_rejected'), params: z.object({ reason: z.string() }) }),
] as const;

/**
 * What an order log entry says beyond its action, as data (no prose): each reader names it in its own
 * language from `kind` and `params`. The server writes one of these; entries without one have `note` null.
 */
export const orderLogNote = z.discriminatedUnion('kind', logNoteKinds);
export type OrderLogNote = z.infer<typeof orderLogNote>;

/** An entry written before notes were structured: its free text, shown as written. */
const legacyLogNote = z.object({ kind: z.literal('text'), params: z.object({ text: z.string() }) });

export const orderLogEntry = z.object({
  fromStatus: orderStatus.nullable(),
  toStatus: orderStatus,
  action: z.string(),
  actor: z.enum(['user', 'admin', 'system']),
  note: z
    .discriminatedUnion('kind', [...logNoteKinds, legacyLogNote])
    .nullable()
    .describe('structured (orderLogNote); `text` for entries written before notes were structured'),
  at: isoTime,
});
export type OrderLogEntry = z.infer<typeof orderLogEntry>;
export type OrderLogEntryNote = NonNullable<OrderLogEntry['note']>;

/** One way that actually paid an order: a paid attempt (issue 25, defect 9). */
export const orderPaidWay = z.object({
  channel: payWayCode,
  amount: minorAmount.describe('what it paid; for `points`, the discount the points bought'),
});
export type OrderPaidWay = z.infer<typeof orderPaidWay>;

export const order = orderAmounts.extend({
  pointsDiscount: minorAmount.describe('the points applied to the order (its paid `points` part)'),
  totalAmount: minorAmount.describe('the order total after the coupon; the points part is paid with points'),
  payableAmount: minorAmount.describe('totalAmount less pointsDiscount: what is (or was) paid in money'),
  paidWays: z
    .array(orderPaidWay)
    .describe(
      'what actually paid, oldest first (surplus excluded): empty until something pays; payWay is the choice',
    ),
  id: z.number().int(),
  publicId: z.string(),
  orderNo: z.string().describe('human-readable: yyyymmdd + 10 digits'),
  status: orderStatus,
  payWay: payWayCode.describe('the pay way chosen at checkout (what paid is paidWays)'),
  cardNumber: z.string().nullable(),
  note: z.string(),
  address: address.nullable().describe('snapshot at checkout (or as changed before shipment)'),
  lines: z.array(orderLine),
  quantity: z.number().int(),
  payDeadline: isoTime.describe('unpaid orders close then'),
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
  shippedAt: isoTime.nullable(),
  receivedAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  closedAt: isoTime.nullable(),
  closeReason: z.enum(['cancelled', 'expired']).nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  refund: orderRefund.nullable().describe('the latest refund request'),
  delivery: orderDelivery,
  actions: orderActions,
});
export type Order = z.infer<typeof order>;
export const orderDetail = order.extend({
  log: z.array(orderLogEntry),
  autoCompleteAt: isoTime
    .nullable()
    .describe(
      "to review (3): when the order completes by itself unless reviewed first (receipt, or an eSIM order's delivery, + ORDER_AUTO_COMPLETE_DAYS)",
    ),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderPageRequest = pageRequest.extend({
  tab: orderTab.optional(),
  status: z.coerce.number().int().min(0).max(7).optional().describe('one status; wins over tab'),
});
export const orderPageResponse = pageOf(order);
export const orderIdRequest = z.object({ id: entityId });
export const orderUserCountResponse = z.object({
  pendingPayment: z.number().int(),
  notShipped: z.number().int(),
  shipped: z.number().int(),
  pendingReview: z.number().int(),
  afterSales: z.number().int().describe('refunding (5): the requests still open'),
  byStatus: z.record(z.string(), z.number().int()).describe('status -> count'),
});

export const orderRefundRequest = z.object({
  id: entityId,
  reason: z.string().trim().min(1).max(64).describe('value of the refundReason dictionary'),
  description: z.string().trim().max(ORDER_REFUND_TEXT_MAX).default(''),
  pictures: z.array(assetUrl).max(PICTURES_MAX).default([]).describe("URLs of the caller's own uploads"),
});

/** What a buyer may still change before shipment (status 0 or 1). */
export const orderUpdateRequest = z.object({
  id: entityId,
  addressId: entityId.optional(),
  note: z.string().trim().max(ORDER_NOTE_MAX).optional(),
});

export const trackingEvent = z.object({
  at: isoTime,
  description: z.string(),
  location: z.string().nullable(),
});
export const orderLogistics = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: orderStatus,
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  shippedAt: isoTime.nullable(),
  address: address.nullable(),
  events: z.array(trackingEvent).describe('newest first'),
});

/** app/goods/comment POST /submit: one review per order line; the order completes when every line has one. */
export const orderCommentSubmitRequest = commentSubmitRequest;
export const orderCommentSubmitResponse = z.object({
  id: z.number().int(),
  orderStatus,
  completed: z.boolean(),
});

// ---------------------------------------------------------------- operators (admin/order/info)

export const adminOrderFilter = orderPageRequest.extend({
  userId: entityId.optional(),
  orderNo: z.string().trim().max(32).optional(),
  payChannel: z
    .string()
    .trim()
    .max(16)
    .optional()
    .describe('the pay way chosen: wechat, alipay, tappay, ...'),
  from: z.coerce.number().int().min(0).optional().describe('created at or after (epoch ms)'),
  to: z.coerce.number().int().min(0).optional().describe('created before (epoch ms)'),
  buyer: z.string().trim().max(32).optional().describe('phone, user public id or user id'),
  goods: z.string().trim().max(64).optional().describe('goods id, or a word of its name in any language'),
});
export const adminOrderPageRequest = adminOrderFilter;
/** The CSV export takes the page's filters (page and size ignored; at most ADMIN_EXPORT_MAX rows). */
export const adminOrderExportQuery = adminOrderFilter.omit({ page: true, size: true });
export const ADMIN_EXPORT_MAX = 50_000;
export const adminOrder = orderDetail.extend({ userId: z.number().int() });
export const adminOrderPageResponse = pageOf(order.extend({ userId: z.number().int() }));
export const adminShipRequest = z.object({
  id: entityId,
  carrier: z.string().trim().min(1).max(64),
  trackingNo: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});
export const adminTrackingRequest = z.object({
  id: entityId,
  description: z.string().trim().min(1).max(200),
  location: z.string().trim().max(100).nullable().default(null),
  at: z.iso.datetime({ offset: true }).optional().describe('when it happened; absent: now'),
});
export const adminRefundApproveRequest = z.object({
  id: entityId,
  amount: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('minor units to refund, at most the amount asked; left out: the whole amount asked'),
  reason: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('why an installed eSIM is refunded in full (required then; recorded in the order log)'),
});
export const adminRefundRejectRequest = z.object({
  id: entityId,
  reason: z.string().trim().min(1).max(200),
});
