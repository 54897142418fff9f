import { z } from 'zod';
import { pageOf, pageRequest } from './envelope';
import { entityId, isoTime } from './catalogue';
import { payWayCode } from './common';
import { userPublicId } from './admin';

/** Pay ways reached through an outside provider's adapter (the others are internal: wallet, points, transfer). */
export const channelCode = z.enum(['wechat', 'alipay', 'tappay', 'newebpay']);
export type ChannelCodeName = z.infer<typeof channelCode>;
/** Where the buyer pays from: picks WeChat JSAPI/Native/APP and Alipay page/WAP. */
export const clientKind = z.enum(['wechat_browser', 'mobile_browser', 'desktop_browser', 'app']);

const stringMap = z.record(z.string(), z.string());

/** A payment outcome as the client may see it (no provider secrets). */
export const paymentOutcomeView = z.object({
  attemptNo: z.string(),
  state: z.enum(['paid', 'pending', 'failed', 'closed', 'awaiting_offline']),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  providerTradeNo: z.string().nullable(),
  paidAt: z.number().int().nullable(),
  detail: stringMap.optional(),
});

/** What the client does next to pay (the channel contract's StartResult). */
export const startResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('qr'), codeUrl: z.string(), demoUrl: z.string().optional() }),
  z.object({ kind: z.literal('jsapi'), params: stringMap }),
  z.object({ kind: z.literal('app'), params: stringMap }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('form'), action: z.string(), fields: stringMap }),
  z.object({ kind: z.literal('done'), outcome: paymentOutcomeView }),
]);
export type StartResultView = z.infer<typeof startResult>;

export const payStartResponse = z.object({
  orderId: z.number().int(),
  attemptNo: z.string(),
  start: startResult,
});
/** orderPay: inside WeChat, the first answer may send the browser to WeChat to learn who pays (no attempt yet). */
export const orderPayResponse = payStartResponse.extend({
  attemptNo: z
    .string()
    .nullable()
    .describe('null when nothing was opened yet: inside WeChat, first to WeChat to learn who pays'),
});
export type PayStartResponse = z.infer<typeof payStartResponse>;

export const orderPayRequest = z.object({
  orderId: entityId,
  payWay: z.enum(['wechat', 'alipay']),
  client: clientKind.default('desktop_browser'),
});
export const wxAppPayRequest = z.object({ orderId: entityId });
/** Back from WeChat's silent authorisation (snsapi_base) inside WeChat: pay the order by JSAPI. */
export const wechatJsapiPayRequest = z.object({
  orderId: entityId,
  code: z.string().trim().min(1).max(128),
  state: z.string().trim().min(1).max(128),
});

export const walletPayRequest = z.object({
  orderId: entityId,
  idempotencyKey: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .optional()
    .describe('a retry with the same key answers the first result'),
});
export const walletPayResponse = z.object({
  orderId: z.number().int(),
  paid: z.boolean(),
  amount: z.number().int(),
  balance: z.number().int().describe('the wallet balance after the payment'),
});

export const attemptStatus = z.enum(['pending', 'paid', 'failed', 'closed', 'awaiting_offline', 'refunded']);
export const paymentAttemptView = z.object({
  attemptNo: z.string(),
  channel: z.string(),
  method: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: attemptStatus,
  detail: stringMap,
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
});
export const payStatusQuery = z.object({ orderId: entityId });
export const payStatusResponse = z.object({
  orderId: z.number().int(),
  orderStatus: z.number().int(),
  paid: z.boolean(),
  amountDue: z.number().int().describe('what is still to pay (the total less points applied); 0 once paid'),
  currency: z.string(),
  payWays: z.array(payWayCode).describe('what this order can be paid with now'),
  attempts: z.array(paymentAttemptView),
});
export type PayStatus = z.infer<typeof payStatusResponse>;

export const tappayWallet = z.enum(['apple_pay', 'google_pay', 'line_pay', 'jko_pay']);
export const tappayInfoResponse = z.object({
  sdkUrl: z.string(),
  appId: z.string(),
  appKey: z.string(),
  serverType: z.string(),
  wallets: z.array(tappayWallet).describe('the wallets offered'),
  applePay: z
    .object({ merchantIdentifier: z.string(), countryCode: z.string() })
    .nullable()
    .describe('TPDirect.paymentRequestApi.setupApplePay; null when Apple Pay is not offered'),
  googlePay: z
    .object({
      googleMerchantId: z.string().optional(),
      merchantName: z.string(),
      scriptUrl: z.string().nullable().describe("Google's pay.js to load first; null in demo"),
    })
    .nullable()
    .describe('TPDirect.googlePay.setupGooglePay; null when Google Pay is not offered'),
});
/** TapPay's cardholder (pay by prime); the shop sends what it knows of the buyer. */
const tapPayCardholder = z.object({
  name: z.string().trim().min(1).max(64),
  phone: z.string().trim().min(1).max(32),
  email: z.string().trim().min(1).max(128),
});
/**
 * The wallets TapPay takes a prime from besides its card form (TPDirect.paymentRequestApi for Apple Pay,
 * googlePay, linePay, jkoPay). Apple Pay and Google Pay settle at once; LINE Pay and JKO Pay answer a
 * payment_url the buyer is sent to, then come back (the `redirect` start result).
 */
export type TapPayWallet = z.infer<typeof tappayWallet>;
export const tappayPayRequest = z.object({
  orderId: entityId,
  prime: z.string().trim().min(1).max(128),
  method: tappayWallet.optional().describe("the wallet the prime came from; absent: the card form's"),
  cardholder: tapPayCardholder.optional(),
});
export const newebpayMethod = z.enum(['CREDIT', 'VACC', 'CVS']);
export const newebpayOrderQuery = z.object({ orderId: entityId, method: newebpayMethod.default('CREDIT') });
export const newebpayMpgNoResponse = z.object({ orderId: z.number().int(), attemptNo: z.string() });
export const newebpayMpgInfoResponse = z.object({
  orderId: z.number().int(),
  attemptNo: z.string(),
  action: z.string(),
  fields: stringMap,
});

// ---------------------------------------------------------------- wallet and points

export const ledgerEntryType = z.enum(['TOPUP', 'PAY', 'REFUND', 'ADJUST', 'EARN']);
export const ledgerEntry = z.object({
  id: z.number().int(),
  type: ledgerEntryType,
  amount: z.number().int().describe('signed: credits positive, debits negative'),
  balanceAfter: z.number().int(),
  orderId: z.number().int().nullable(),
  note: z.string().nullable(),
  createdAt: isoTime,
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const walletResponse = z.object({ balance: z.number().int(), currency: z.string() });
export const ledgerPageRequest = pageRequest;
export const ledgerPageResponse = pageOf(ledgerEntry);

export const topupCreateRequest = z
  .object({
    amount: z.number().int().positive().max(10_000_000),
    payWay: channelCode,
    client: clientKind.default('desktop_browser'),
    prime: z.string().trim().min(1).max(128).optional().describe("TapPay: the card form's prime (required)"),
    method: tappayWallet.optional().describe('TapPay: the wallet the prime came from'),
    cardholder: tapPayCardholder.optional(),
  })
  .refine((v) => v.payWay !== 'tappay' || v.prime !== undefined, {
    path: ['prime'],
    params: { rule: 'required' },
  });
export const topupCreateResponse = z.object({
  topupId: z.number().int(),
  attemptNo: z.string(),
  start: startResult,
});
export const topupStatusQuery = z.object({ topupId: entityId });
export const topupStatusResponse = z.object({
  topupId: z.number().int(),
  amount: z.number().int(),
  status: z.enum(['pending', 'paid']),
});

export const pointsResponse = z.object({
  points: z.number().int(),
  pointsPerUnit: z.number().int().describe('points worth one major unit of the currency'),
  maxPercent: z.number().int().describe('at most this share of an order is paid with points'),
});
export const checkPointSupportRequest = z.object({ orderId: entityId });
export const checkPointSupportResponse = z.object({
  supported: z.boolean(),
  points: z.number().int(),
  usablePoints: z.number().int(),
  discount: z.number().int().describe('minor units the usable points take off'),
});
export const usePointRequest = z.object({ orderId: entityId });
export const usePointResponse = z.object({
  orderId: z.number().int(),
  pointsUsed: z.number().int(),
  discount: z.number().int(),
  paid: z.boolean().describe('true when the points covered the whole order'),
  remaining: z.number().int().describe('what is left to pay with another pay way'),
});

export const adminLedgerAdjustRequest = z.object({
  userPublicId,
  kind: z.enum(['wallet', 'points']),
  amount: z
    .number()
    .int()
    .min(-10_000_000)
    .max(10_000_000)
    .refine((v) => v !== 0),
  note: z.string().trim().min(1).max(200),
  idempotencyKey: z.string().trim().min(8).max(64),
});

// ---------------------------------------------------------------- corporate transfer

export const transferStatus = z.enum(['awaiting_transfer', 'proof_submitted', 'verified', 'rejected']);
export const transferProof = z.object({
  id: z.number().int(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: isoTime,
});
export const transferOrderQuery = z.object({ orderId: entityId });
export const transferInfo = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  bankName: z.string(),
  bankCode: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  reference: z.string().describe('write it in the transfer memo'),
  amount: z.number().int(),
  currency: z.string(),
  status: transferStatus,
  rejectReason: z.string().nullable(),
  proofs: z.array(transferProof),
  payBy: isoTime.nullable().describe('the order closes unpaid after this (null once paid or closed)'),
});
export type TransferInfo = z.infer<typeof transferInfo>;
export const submitProofRequest = z.object({
  orderId: entityId,
  proofs: z
    .array(z.string().trim().min(1).max(512))
    .min(1)
    .max(6)
    .describe("URLs of the caller's own uploads (jpg, png or pdf)"),
});
export const adminTransferPageRequest = pageRequest.extend({ status: transferStatus.optional() });
export const adminTransfer = transferInfo.extend({
  id: z.number().int(),
  userId: z.number().int(),
  updatedAt: isoTime,
});
export const adminTransferPageResponse = pageOf(adminTransfer);
export const adminTransferProofQuery = z.object({ id: entityId });
export const adminTransferVerifyRequest = z.object({ orderId: entityId });
export const adminTransferRejectRequest = z.object({
  orderId: entityId,
  reason: z.string().trim().min(1).max(200),
});
