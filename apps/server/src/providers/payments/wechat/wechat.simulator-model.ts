import type { FastifyPluginAsync } from 'fastify';
import type { HttpClient } from '../channel';
import type { DeliveryRecord } from '../sim-support';

// The WeChat Pay simulator's model: its fault switches, options, trades and refunds, and the API's errors.

export const WECHATPAY_RETRY_SECONDS = [
  15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
];

export type WechatPayFaults = {
  /** Deliver every notification twice, same id. */
  duplicateNotify: boolean;
  /** Never deliver notifications (the shop must query). */
  withholdNotify: boolean;
  /** Add this many fen to the amount in notifications (signed and encrypted properly). */
  tamperAmount: number;
  /** Corrupt the signature of notifications and API answers. */
  badSignature: boolean;
  /** Send a WECHATPAY/SIGNTEST/ probe before each notification. */
  signtestProbe: boolean;
  /** Flip a byte of the GCM tag in notifications (validly signed). */
  badGcmTag: boolean;
  /** Stamp notifications ten minutes in the past. */
  staleTimestamp: boolean;
  /** Answer API calls after this many ms. */
  slowAnswerMs: number;
  /** Refunds stay PROCESSING until completed through the control API. */
  refundStuck: boolean;
};

export const NO_FAULTS: WechatPayFaults = {
  duplicateNotify: false,
  withholdNotify: false,
  tamperAmount: 0,
  badSignature: false,
  signtestProbe: false,
  badGcmTag: false,
  staleTimestamp: false,
  slowAnswerMs: 0,
  refundStuck: false,
};

export type WechatPaySimulatorOptions = {
  mchid: string;
  /** Appids that may order for this merchant (Official Account, mobile app). */
  appids: string[];
  /** The merchant's API certificate serial and public key: what Authorization is checked against. */
  merchantSerial: string;
  merchantPublicKey: string;
  /** The platform key answers and notifications are signed with, and its serial (cert serial or PUB_KEY_ID_). */
  platformSerial: string;
  platformPrivateKey: string;
  apiV3Key: string;
  /** How notifications reach the shop (in process in demo and tests). */
  http: HttpClient;
  now?: () => number;
  /** Retry delays in ms; default: WeChat's schedule scaled down 1000x. */
  retryDelaysMs?: number[];
  /** A notification answer slower than this is a failure (WeChat: 5 s). */
  notifyTimeoutMs?: number;
  /** The simulator's absolute public URL (its mount point), for H5's h5_url; default a relative one. */
  publicBaseUrl?: string;
};

export type Trade = {
  appid: string;
  mchid: string;
  tradeType: 'JSAPI' | 'NATIVE' | 'APP' | 'H5';
  outTradeNo: string;
  description: string;
  attach: string;
  notifyUrl: string;
  total: number;
  currency: string;
  expiresAt: number;
  openid: string;
  prepayId: string;
  token: string;
  state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED' | 'PAYERROR';
  transactionId: string | null;
  successTime: number | null;
};

export type Refund = {
  outRefundNo: string;
  refundId: string;
  trade: Trade;
  refund: number;
  notifyUrl: string;
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
  createdAt: number;
  successTime: number | null;
};

export type WechatPaySimulator = {
  /** Mount under /dev/sim/wechat (or any prefix: signatures cover the full path). */
  plugin: FastifyPluginAsync;
  faults: WechatPayFaults;
  setFaults(patch: Partial<WechatPayFaults>): void;
  resetFaults(): void;
  /** Every notification delivery attempt, newest last. */
  deliveries: DeliveryRecord[];
  /** Waits for every notification under way to be accepted or given up. */
  settled(): Promise<void>;
  /** Completes a refund held PROCESSING by `refundStuck`, and notifies it. */
  completeRefund(outRefundNo: string): Promise<void>;
  /** The cashier token (code_url's `pr`) of a trade, for tests and the demo page. */
  tokenOf(outTradeNo: string): string | undefined;
  stop(): void;
};

export const ERR = {
  sign: (message: string) => ({ status: 401, code: 'SIGN_ERROR', message }),
  param: (message: string) => ({ status: 400, code: 'PARAM_ERROR', message }),
  invalid: (message: string) => ({ status: 400, code: 'INVALID_REQUEST', message }),
  notFound: (message: string) => ({ status: 404, code: 'ORDER_NOT_EXIST', message }),
  refundNotFound: (message: string) => ({ status: 404, code: 'RESOURCE_NOT_EXISTS', message }),
  paid: (message: string) => ({ status: 400, code: 'ORDERPAID', message }),
};
export type ApiError = { status: number; code: string; message: string };
export const isApiError = (x: unknown): x is ApiError =>
  typeof x === 'object' && x !== null && 'code' in x && 'status' in x && 'message' in x;
