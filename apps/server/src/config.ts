import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { DbTimeouts } from './platform/db';
import {
  AMOUNT_MAX,
  chargeStep,
  isValidUbn,
  minorPerMajor,
  payWayCode,
  tappayWallet,
  type PayWayCode,
  type TapPayWallet,
} from '@simshop/contracts';
import { CHANNEL_CURRENCIES, channelCharges } from './providers/payments/currencies';

const DEMO_SECRET = 'demo-secret-do-not-use-in-production-0000';
/** The demo operator's password (documented in the README); production must set its own. */
const DEMO_ADMIN_PASSWORD = 'admin123456';

/** Names proxy-addr understands besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (s: string) => {
  if (PROXY_NAMES.has(s)) return true;
  const [addr = '', bits, extra] = s.split('/');
  const kind = net.isIP(addr);
  if (!kind || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (kind === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: unset or empty trusts no proxy (the client is the socket's peer); a number trusts that many
 * hops; otherwise a comma list of addresses, CIDRs or `loopback`/`linklocal`/`uniquelocal`.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const raw = (v ?? '').trim();
    if (!raw) return false;
    if (/^\d+$/.test(raw)) return Number(raw);
    const list = raw
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !isProxyEntry(x));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `not a hop count, address or CIDR: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return list;
  });

/** Pay ways production offers when PAY_WAYS is unset: those that need no outside provider. */
const PRODUCTION_PAY_WAYS: PayWayCode[] = ['wallet', 'points', 'transfer'];

/** What each payment channel needs in production; a pay way in PAY_WAYS without them refuses to start. */
const CHANNEL_CREDENTIALS = {
  wechat: [
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_MERCHANT_SERIAL',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_PLATFORM_KEYS',
  ],
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_SELLER_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  tappay: ['TAPPAY_PARTNER_KEY', 'TAPPAY_MERCHANT_ID', 'TAPPAY_APP_ID', 'TAPPAY_APP_KEY'],
  newebpay: ['NEWEBPAY_MERCHANT_ID', 'NEWEBPAY_HASH_KEY', 'NEWEBPAY_HASH_IV'],
} as const;

/** What Apple Pay and Google Pay need besides TapPay's keys (TapPay's web SDK setup calls, Apple's domain file). */
const WALLET_SETUP: Partial<Record<TapPayWallet, (keyof z.infer<typeof schema>)[]>> = {
  apple_pay: ['APPLE_PAY_MERCHANT_ID', 'APPLE_PAY_DOMAIN_ASSOCIATION'],
  google_pay: ['GOOGLE_PAY_MERCHANT_ID'],
};

/** Secrets that may come from a file instead (`<NAME>_FILE`, e.g. a mounted secret): PEM keys mostly. */
const FILE_VARS = [
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PLATFORM_KEYS',
  'ALIPAY_PRIVATE_KEY',
  'ALIPAY_PUBLIC_KEY',
  'SMTP_PASSWORD',
  'APPLE_PAY_DOMAIN_ASSOCIATION',
] as const;

/** Settings that go together: some set and others missing names each missing one. */
function allOrNone(
  env: Record<string, unknown>,
  ctx: z.RefinementCtx,
  keys: readonly string[],
  message: string,
) {
  if (!keys.some((k) => env[k])) return;
  for (const key of keys) if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message });
}

/** WECHATPAY_PLATFORM_KEYS: {"serial": "PEM", ...}, at least one; null when it is not that. */
function platformKeys(raw: string): Record<string, string> | null {
  try {
    const v: unknown = JSON.parse(raw);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const entries = Object.entries(v);
    if (!entries.length || entries.some(([, pem]) => typeof pem !== 'string' || !pem)) return null;
    return Object.fromEntries(entries.map(([k, pem]) => [k, pemText(String(pem))]));
  } catch {
    return null;
  }
}

/** A PEM given on one environment line may spell its newlines as the two characters \ and n. */
const pemText = (s: string) => s.replace(/\\n/g, '\n');

const schema = z
  .object({
    NODE_ENV: z.string().default('development'),
    /** Unset: production when NODE_ENV=production, otherwise the demo (see loadConfig). */
    APP_MODE: z.enum(['demo', 'production']).optional(),
    TRUST_PROXY: trustProxy,
    /** outbox (demo only) or twilio; unset: outbox in demo, twilio in production. */
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).optional(),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
    TWILIO_API_BASE: z.string().url().default('https://api.twilio.com'),
    /** E-mail through SMTP (nodemailer): unset host, the outbox in demo and no e-mail in production. */
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    /** starttls (required upgrade, port 587), implicit (TLS from the start, port 465), none (demo/tests only). */
    SMTP_TLS: z.enum(['starttls', 'implicit', 'none']).default('starttls'),
    /** The sender, e.g. `SimShop <esim@shop.example>`; required with SMTP_HOST. */
    MAIL_FROM: z.string().optional(),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    /** PostgreSQL: prepare each query once per connection; 0 behind a pooler that cannot keep them. */
    DATABASE_PREPARED_STATEMENTS: z.enum(['0', '1']).default('1'),
    /**
     * PostgreSQL behind a pooler in transaction mode (PgBouncer before 1.21): no named prepared statements and
     * no startup parameters (the role's statement_timeout applies). none: a direct connection.
     */
    DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
    /** PostgreSQL streaming replica for the public catalogue reads; unset: every read goes to the primary. */
    DATABASE_READ_URL: z.string().optional(),
    /** The replica is read only while it is at most this far behind the primary; else the primary answers. */
    DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(50).default(1000),
    /** PostgreSQL: opening a connection or waiting for a free one in the pool. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
    /** PostgreSQL: the server cancels a statement running longer (statement_timeout). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(4000),
    /** PostgreSQL: a query unanswered this long fails and its connection is dropped; unset: statement + 1 s. */
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
    REDIS_URL: z.string().optional(),
    /** Where uploads and private files live: local (DATA_DIR, one instance) or s3 (shared by every instance). */
    STORAGE: z.enum(['local', 's3']).default('local'),
    /** STORAGE=s3: the S3-compatible endpoint (unset: AWS S3 of S3_REGION), bucket, region, key prefix. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_PREFIX: z.string().default(''),
    /** Path-style addressing (`endpoint/bucket/key`): most self-hosted S3-compatible servers need 1. */
    S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
    /** Both or neither: unset, the SDK's own chain (AWS_* variables, instance role) gives the credentials. */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** The longest an S3 connection may take to open or sit silent: a store that hangs fails the call instead. */
    S3_TIMEOUT_MS: z.coerce.number().int().min(50).default(5000),
    /** Every Redis command (limits, events): past this, the caller stops waiting and degrades. */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).default(300),
    PUBLIC_URL: z.string().url().optional(),
    /** Signs tokens and derives the key that encrypts identity documents. */
    APP_SECRET: z.string().min(32).default(DEMO_SECRET),
    /** The secret being rotated out: still accepted when checking (codes, login keys, encrypted fields). */
    APP_SECRET_PREVIOUS: z.string().min(32).optional(),
    /** Bearer token for GET /metrics; unset: only loopback callers not relayed by a proxy (production). */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** Test setting: accept any captcha answer, as captcha vendors' test keys do. Refused in production. */
    CAPTCHA_TEST_MODE: z.enum(['0', '1']).default('0'),
    DEFAULT_PHONE_REGION: z.string().length(2).default('TW'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    ADMIN_DIST: z.string().optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
    /** Per-address payment notifications and partner webhooks a minute before verification (their own bucket). */
    CALLBACK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(6000),
    /** Per-address callbacks failing their signature check a minute; past it, refused 429 unverified. */
    CALLBACK_REFUSED_MAX: z.coerce.number().int().positive().default(30),
    /** Per-IP requests per minute on each sign-in call (code sends, logins, register, refresh). */
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
    /** Verification codes one IP address may request per hour, across all targets. */
    CODE_IP_HOURLY_MAX: z.coerce.number().int().positive().default(20),
    WECHAT_APP_ID: z.string().default('wxdemo0000000000'),
    WECHAT_APP_SECRET: z.string().default('demo-wechat-secret'),
    WECHAT_API_BASE: z.string().optional(),
    /** WeChat Pay API v3 (production; demo mode uses its simulator). */
    WECHATPAY_MCHID: z.string().optional(),
    WECHATPAY_APPID: z.string().optional(),
    /** The mobile app's appid for APP pay; unset: WECHATPAY_APPID. */
    WECHATPAY_APP_APPID: z.string().optional(),
    WECHATPAY_MERCHANT_SERIAL: z.string().optional(),
    /** PEM (or WECHATPAY_PRIVATE_KEY_FILE): the merchant API key that signs our requests. */
    WECHATPAY_PRIVATE_KEY: z.string().optional(),
    WECHATPAY_APIV3_KEY: z.string().length(32, 'must be 32 characters').optional(),
    /** JSON object {"<serial or PUB_KEY_ID_...>": "<PEM public key>"} (or WECHATPAY_PLATFORM_KEYS_FILE). */
    WECHATPAY_PLATFORM_KEYS: z.string().optional(),
    /** The cross-border (Global) API v3; https://api.mch.weixin.qq.com/hk/v3 reaches the same one. */
    WECHATPAY_API_BASE: z.string().url().default('https://apihk.mch.weixin.qq.com/v3/global'),
    /** merchant_category_code sent with WeChat orders, when the merchant's contract names one. */
    WECHATPAY_MERCHANT_CATEGORY_CODE: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
    /** Alipay Open Platform, RSA2 public-key mode (production). */
    ALIPAY_APP_ID: z.string().optional(),
    ALIPAY_SELLER_ID: z.string().optional(),
    /** PEM (or ALIPAY_PRIVATE_KEY_FILE): the app private key. */
    ALIPAY_PRIVATE_KEY: z.string().optional(),
    /** PEM (or ALIPAY_PUBLIC_KEY_FILE): Alipay's public key, which checks answers and notifications. */
    ALIPAY_PUBLIC_KEY: z.string().optional(),
    ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
    /** The merchant's settlement currency (settle_currency); unset: CURRENCY. */
    ALIPAY_SETTLE_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    /** TapPay pay-by-prime (production). */
    TAPPAY_PARTNER_KEY: z.string().optional(),
    TAPPAY_MERCHANT_ID: z.string().optional(),
    TAPPAY_APP_ID: z.string().optional(),
    TAPPAY_APP_KEY: z.string().optional(),
    TAPPAY_SERVER_TYPE: z.enum(['sandbox', 'production']).default('production'),
    /** Wallets offered through TapPay, comma-separated (apple_pay, google_pay, line_pay, jko_pay); unset: all in
     *  demo, none in production (each needs its own merchant setup with TapPay, Apple or Google). */
    TAPPAY_WALLETS: z
      .string()
      .optional()
      .transform((v) =>
        v === undefined
          ? undefined
          : v
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean),
      )
      .pipe(z.array(tappayWallet).optional()),
    /** Apple Pay on the web through TapPay: the Apple merchant identifier (TPDirect.paymentRequestApi.setupApplePay). */
    APPLE_PAY_MERCHANT_ID: z
      .string()
      .regex(
        /^merchant\.[A-Za-z0-9][A-Za-z0-9.-]*$/,
        'an Apple merchant identifier: merchant.<reverse domain>',
      )
      .optional(),
    /** setupApplePay's countryCode: where the merchant's payments are processed. */
    APPLE_PAY_COUNTRY_CODE: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('TW'),
    /** Apple's domain verification file for this domain (or APPLE_PAY_DOMAIN_ASSOCIATION_FILE), served at
     *  /.well-known/apple-developer-merchantid-domain-association. */
    APPLE_PAY_DOMAIN_ASSOCIATION: z.string().max(65_536).optional(),
    /** Google Pay through TapPay: the merchant id from Google Pay's Business Console (setupGooglePay). */
    GOOGLE_PAY_MERCHANT_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{5,40}$/)
      .optional(),
    /** The name Google Pay's sheet shows. */
    GOOGLE_PAY_MERCHANT_NAME: z.string().min(1).max(64).default('SimShop'),
    /** NewebPay MPG (production). */
    NEWEBPAY_MERCHANT_ID: z.string().optional(),
    NEWEBPAY_HASH_KEY: z.string().length(32, 'must be 32 characters').optional(),
    NEWEBPAY_HASH_IV: z.string().length(16, 'must be 16 characters').optional(),
    NEWEBPAY_ENV: z.enum(['test', 'production']).default('production'),
    /**
     * Taiwan e-invoices (issue 28): 1 issues one for every paid order through ezPay (demo: its simulator);
     * unset: on in demo, off in production. On in production needs the three EZPAY_INVOICE_* credentials.
     */
    INVOICE_ENABLED: z.enum(['0', '1']).optional(),
    EZPAY_INVOICE_MERCHANT_ID: z.string().min(1).optional(),
    EZPAY_INVOICE_HASH_KEY: z.string().length(32, 'must be 32 characters').optional(),
    EZPAY_INVOICE_HASH_IV: z.string().length(16, 'must be 16 characters').optional(),
    EZPAY_INVOICE_ENV: z.enum(['test', 'production']).default('production'),
    /**
     * ezPay's member (會員) number and its own API keys (會員 API 串接金鑰, not the shop's): with them, a track an
     * operator loads is registered with ezPay through its number track API (字軌管理); without them, operators
     * register each track on ezPay's site by hand. Optional, all three or none.
     */
    EZPAY_MEMBER_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{1,16}$/, "must be ezPay's member number (up to 16 letters or digits)")
      .optional(),
    EZPAY_MEMBER_HASH_KEY: z.string().length(32, 'must be 32 characters').optional(),
    EZPAY_MEMBER_HASH_IV: z.string().length(16, 'must be 16 characters').optional(),
    /**
     * The seller's unified business number (統一編號), as the Turnkey E0402 blank-number message names it
     * (HeadBan/BranchBan). Demo: the Ministry of Finance's example number. Without it the console refuses the
     * E0402 download with INVOICE_SELLER_UBN_MISSING.
     */
    INVOICE_SELLER_UBN: z
      .string()
      .refine((s) => isValidUbn(s), 'must be a valid 8-digit unified business number')
      .optional(),
    /** The wholesale eSIM plan partner (production; demo mode uses its simulator). All four or none. */
    PARTNER_API_BASE: z.string().url().optional(),
    PARTNER_CLIENT_ID: z.string().optional(),
    PARTNER_CLIENT_SECRET: z.string().optional(),
    PARTNER_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
    /** Catalogue sync: our price = wholesale x PARTNER_FX_RATE x (1 + PARTNER_MARKUP_PERCENT / 100), whole units up. */
    PARTNER_MARKUP_PERCENT: z.coerce.number().min(0).max(1000).default(40),
    /** Units of the shop's currency per unit of the partner's (e.g. TWD per USD). */
    PARTNER_FX_RATE: z.coerce.number().positive().max(100_000).default(32),
    /** How often the catalogue sync and the SIM usage refresh run (minutes; 0: off). */
    PARTNER_SYNC_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    SIM_USAGE_REFRESH_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
    /** Pay ways offered at checkout, comma-separated codes; unset: all in demo, in production those needing no outside provider. */
    PAY_WAYS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean)
          : undefined,
      )
      .pipe(z.array(payWayCode).optional()),
    /** Password of the first operator account `admin`, created when there is none. */
    ADMIN_INITIAL_PASSWORD: z.string().min(8).max(64).default(DEMO_ADMIN_PASSWORD),
    /** The shop's one settlement currency (ISO 4217); every price is in its minor units. */
    CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('TWD'),
    /** Minutes a new order waits for payment before it closes. */
    ORDER_PAY_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
    /** Days after shipment a pending-receipt order counts as received (2 -> 3). */
    ORDER_AUTO_RECEIVE_DAYS: z.coerce.number().int().min(1).max(365).default(10),
    /** The console dashboard lists enabled specs on sale with this much stock or less. */
    ADMIN_STOCK_ALERT: z.coerce.number().int().min(0).max(1_000_000).default(10),
    /** Days after receipt a pending-review order completes unreviewed (3 -> 4). */
    ORDER_AUTO_COMPLETE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** Goods total (minor units) from which shipping is free; 0: no free-shipping rule. */
    FREE_SHIPPING_MIN: z.coerce.number().int().min(0).max(AMOUNT_MAX).default(100_000),
    /** Seconds between runs of the order timer (deadlines, automatic receipt and completion); 0: off. */
    ORDER_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * Seconds between runs of the backstop that hands a company's delivered eSIMs to its travellers (a batch's
     * own are handed over when it is delivered; this catches travellers who join later).
     */
    COMPANY_ASSIGN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Unpaid (pending-payment) orders one user may hold at once; each holds stock until paid or closed. */
    ORDER_MAX_UNPAID: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** Seconds between the job runner's looks for due jobs (refund retries, ...); 0: no timer (tests drive it). */
    JOB_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    /** How long a job lease holds unrenewed: a dead holder's jobs wait at most this long for another instance. */
    JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(15),
    /** Seconds between payment reconciliation runs (query pending attempts, close expired ones); 0: off. */
    PAY_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** Age in minutes after which a pending attempt is asked about with the provider's query. */
    PAY_QUERY_AFTER_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
    /** Points worth one major unit of the currency at checkout (1: one point takes off 1 TWD). */
    POINTS_PER_UNIT: z.coerce.number().int().min(1).max(100_000).default(10),
    /** At most this percentage of an order's total may be paid with points. */
    POINTS_MAX_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
    /** Points earned per major unit paid, when an order completes; 0: none. */
    POINTS_EARN_PER_UNIT: z.coerce.number().int().min(0).max(1000).default(1),
    /** Corporate transfer payee account shown to company accounts. */
    TRANSFER_BANK_NAME: z.string().max(100).default('Demo Commercial Bank'),
    TRANSFER_BANK_CODE: z.string().max(20).default('012'),
    TRANSFER_ACCOUNT_NAME: z.string().max(100).default('SimShop Ltd.'),
    TRANSFER_ACCOUNT_NO: z.string().max(40).default('0000-1234-5678-90'),
    /** Days a company has to pay an order by bank transfer (its payment deadline moves to then). */
    TRANSFER_EXPIRE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /** A company without company details: hours its transfer holds the order's stock until a proof arrives. */
    TRANSFER_UNVERIFIED_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** A company without company details: the most its open transfers may hold, in minor units. */
    TRANSFER_UNVERIFIED_MAX: z.coerce.number().int().min(0).default(3_000_000),
  })
  .transform((env) => ({
    ...env,
    APP_MODE: env.APP_MODE ?? (env.NODE_ENV === 'production' ? ('production' as const) : ('demo' as const)),
  }))
  .transform((env) => ({
    ...env,
    SMS_PROVIDER:
      env.SMS_PROVIDER ?? (env.APP_MODE === 'production' ? ('twilio' as const) : ('outbox' as const)),
  }))
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const)
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required for SMS_PROVIDER=twilio' });
      if (!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID)
        ctx.addIssue({
          code: 'custom',
          path: ['TWILIO_FROM'],
          message: 'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required for SMS_PROVIDER=twilio',
        });
    }
    allOrNone(env, ctx, PARTNER_KEYS, 'the plan partner needs all four PARTNER_* settings');
    allOrNone(env, ctx, EZPAY_MEMBER_KEYS, 'the ezPay member needs all three EZPAY_MEMBER_* settings');
    if (env.STORAGE === 's3' && !env.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE=s3 needs S3_BUCKET' });
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
      });
    if (env.SMTP_HOST && !env.MAIL_FROM)
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'SMTP_HOST needs MAIL_FROM' });
    if (!env.SMTP_USER !== !env.SMTP_PASSWORD)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_PASSWORD'],
        message: 'set both SMTP_USER and SMTP_PASSWORD, or neither',
      });
    if (env.APP_MODE !== 'production') return;
    // eSIM activation codes and sign-in codes travel by mail: never in clear over the network
    if (env.SMTP_HOST && env.SMTP_TLS === 'none')
      ctx.addIssue({ code: 'custom', path: ['SMTP_TLS'], message: 'production refuses SMTP without TLS' });
    if (env.INVOICE_ENABLED === '1')
      for (const key of INVOICE_KEYS)
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'required when INVOICE_ENABLED=1 (ezPay e-invoices)',
          });
    if (env.SMS_PROVIDER === 'outbox')
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message: 'production refuses the demo outbox (it keeps codes in plain text)',
      });
    if (env.APP_SECRET === DEMO_SECRET)
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'production refuses the demo secret' });
    if (env.WECHAT_APP_SECRET === 'demo-wechat-secret')
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_APP_SECRET'],
        message: 'production refuses the demo secret',
      });
    if (env.CAPTCHA_TEST_MODE === '1')
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_TEST_MODE'],
        message: 'production refuses captcha test mode',
      });
    if (env.ADMIN_INITIAL_PASSWORD === DEMO_ADMIN_PASSWORD)
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_INITIAL_PASSWORD'],
        message: 'production refuses the demo operator password',
      });
    if (!env.PUBLIC_URL)
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required in production' });
    // a pay way offered in production needs its provider's credentials: never a dead pay button
    const payWays = env.PAY_WAYS ?? PRODUCTION_PAY_WAYS;
    for (const [way, keys] of Object.entries(CHANNEL_CREDENTIALS))
      if (payWays.includes(way as PayWayCode))
        for (const key of keys)
          if (!env[key])
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: `required in production while PAY_WAYS offers ${way}`,
            });
    // a channel charges in the shop's currency or not at all: never the same digits in another currency
    for (const way of Object.keys(CHANNEL_CURRENCIES) as (keyof typeof CHANNEL_CURRENCIES)[])
      if (payWays.includes(way) && !channelCharges(way, env.CURRENCY))
        ctx.addIssue({
          code: 'custom',
          path: ['PAY_WAYS'],
          message: `${way} cannot charge ${env.CURRENCY} (it charges ${CHANNEL_CURRENCIES[way].join(', ')}): remove ${way} from PAY_WAYS or change CURRENCY`,
        });
    // a wallet offered through TapPay needs its own merchant setup, or its button would fail for every buyer
    for (const wallet of env.TAPPAY_WALLETS ?? [])
      for (const key of WALLET_SETUP[wallet] ?? [])
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `required in production while TAPPAY_WALLETS offers ${wallet}`,
          });
    // JSAPI (inside WeChat) pays as an openid learnt through WECHAT_APP_ID's web authorisation: WeChat Pay must
    // order under that same Official Account, or WeChat refuses every JSAPI order (appid and openid mismatch)
    if (payWays.includes('wechat') && env.WECHATPAY_APPID && env.WECHATPAY_APPID !== env.WECHAT_APP_ID)
      ctx.addIssue({
        code: 'custom',
        path: ['WECHATPAY_APPID'],
        message: 'must be WECHAT_APP_ID: the Official Account whose openids WeChat Pay JSAPI pays with',
      });
    if (env.WECHATPAY_PLATFORM_KEYS && !platformKeys(env.WECHATPAY_PLATFORM_KEYS))
      ctx.addIssue({
        code: 'custom',
        path: ['WECHATPAY_PLATFORM_KEYS'],
        message: 'must be a JSON object of serial (or PUB_KEY_ID_...) to PEM public key',
      });
  });

const INVOICE_KEYS = [
  'EZPAY_INVOICE_MERCHANT_ID',
  'EZPAY_INVOICE_HASH_KEY',
  'EZPAY_INVOICE_HASH_IV',
] as const;

const EZPAY_MEMBER_KEYS = ['EZPAY_MEMBER_ID', 'EZPAY_MEMBER_HASH_KEY', 'EZPAY_MEMBER_HASH_IV'] as const;

const PARTNER_KEYS = [
  'PARTNER_API_BASE',
  'PARTNER_CLIENT_ID',
  'PARTNER_CLIENT_SECRET',
  'PARTNER_WEBHOOK_SECRET',
] as const;

/** The plan partner's production account (providers/plan-partner). */
export type PartnerConfig = {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
};

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint?: string;
      bucket: string;
      region: string;
      /** Put before every key (e.g. `shop1/`), so one bucket can hold several shops. */
      prefix: string;
      forcePathStyle: boolean;
      /** Opening a connection, and silence on an open one, in ms (then the attempt fails; one retry). */
      timeoutMs: number;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

export type SmsConfig =
  | { provider: 'outbox' }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      from?: string;
      messagingServiceSid?: string;
      apiBase: string;
    };

/** SMTP for e-mail (providers/mail/smtp.ts); the password comes from the environment only. */
export type MailConfig = {
  host: string;
  port: number;
  auth?: { user: string; pass: string };
  tls: 'starttls' | 'implicit' | 'none';
  from: string;
};

/** TapPay's wallets (issue 27): offered ones, and TapPay web SDK's Apple Pay and Google Pay setup. */
export type WalletsConfig = {
  offered: TapPayWallet[];
  applePay: { merchantIdentifier: string; countryCode: string; domainAssociation?: string };
  /** merchantId '' in demo and TapPay's sandbox (optional there, required in production). */
  googlePay: { merchantId: string; merchantName: string };
};

export type PaymentsConfig = {
  wechat?: {
    mchid: string;
    appid: string;
    appAppid?: string;
    merchantSerial: string;
    privateKey: string;
    apiV3Key: string;
    /** Platform public keys by Wechatpay-Serial (certificate serials or PUB_KEY_ID_...). */
    platformKeys: Record<string, string>;
    /** The cross-border (Global) API base: .../v3/global. */
    apiBase: string;
    merchantCategoryCode?: string;
  };
  alipay?: {
    appId: string;
    sellerId: string;
    privateKey: string;
    alipayPublicKey: string;
    gateway: string;
    /** settle_currency of the cross-border product. */
    settleCurrency: string;
  };
  tappay?: {
    partnerKey: string;
    merchantId: string;
    appId: string;
    appKey: string;
    serverType: 'sandbox' | 'production';
  };
  newebpay?: { merchantId: string; hashKey: string; hashIV: string; env: 'test' | 'production' };
};

export type Config = {
  mode: 'demo' | 'production';
  /** Which proxies' X-Forwarded-For to believe: false (none), a hop count, or addresses/CIDRs. */
  trustProxy: false | number | string[];
  sms: SmsConfig;
  /** SMTP when SMTP_HOST is set; otherwise e-mail goes to the outbox (demo) or nowhere (production). */
  mail?: MailConfig;
  demo: boolean;
  host: string;
  port: number;
  dataDir: string;
  uploadDir: string;
  databaseUrl?: string;
  /** PostgreSQL: each query text prepared once per pooled connection (platform/pg-prepared). */
  databasePreparedStatements: boolean;
  /** PostgreSQL: bounds sent as startup parameters; false behind a transaction pooler (DATABASE_POOLER). */
  databaseSessionParameters: boolean;
  /** PostgreSQL streaming replica for the catalogue reads (platform/read-replica). */
  databaseReadUrl?: string;
  /** How far behind the primary the replica may be and still be read. */
  databaseReadMaxLagMs: number;
  /** PostgreSQL bounds: connect (and pool wait), statement (server side), query (client side), in ms. */
  databaseTimeouts: DbTimeouts;
  redisUrl?: string;
  /** Where uploads (public) and transfer proofs (private) are kept: platform/storage. */
  storage: StorageConfig;
  /** Bound on every Redis command, in ms. */
  redisCommandTimeoutMs: number;
  publicUrl: string;
  secret: string;
  /** Secrets still accepted while a rotation is under way (APP_SECRET_PREVIOUS); never used to make. */
  previousSecrets: string[];
  metricsToken?: string;
  captchaTestMode: boolean;
  defaultPhoneRegion: string;
  logLevel: string;
  webDist: string;
  /** The built operator console (apps/admin), served at /admin/ when present. */
  adminDist: string;
  rateLimitMax: number;
  callbackRateLimitMax: number;
  callbackRefusedMax: number;
  authRateLimitMax: number;
  codeIpHourlyMax: number;
  wechat: { appId: string; appSecret: string; apiBase?: string };
  /** Codes of the pay ways the shop offers (GET /payList marks the others disabled). */
  payWays: PayWayCode[];
  /** Production credentials of each payment channel, when set (demo mode uses the simulators instead). */
  payments: PaymentsConfig;
  wallets: WalletsConfig;
  /** The plan partner's production account, when set (demo mode uses the simulator; unset in production:
   *  no eSIM can be ordered). */
  partner?: PartnerConfig;
  adminInitialPassword: string;
  /** Stock at or below which the console dashboard raises an alert. */
  adminStockAlert: number;
  /** ISO 4217 code of the prices (minor units). */
  currency: string;
  order: {
    payMinutes: number;
    autoReceiveDays: number;
    autoCompleteDays: number;
    /** Goods total from which shipping is free; null: never. */
    freeShippingMin: number | null;
    /** Order timer interval; 0: no timer (tests call the sweep themselves). */
    sweepSeconds: number;
    /** Unpaid orders one user may hold at once. */
    maxUnpaid: number;
  };
  jobs: { pollSeconds: number; leaseSeconds: number };
  /** Plan partner catalogue pricing and the SIM card jobs' periods (issue 11). */
  simcard: { markupPercent: number; fxRate: number; syncMinutes: number; usageRefreshMinutes: number };
  /** The payment reconciliation job: how often it runs (0: off) and how old a pending attempt must be. */
  reconcile: { reconcileSeconds: number; queryAfterMinutes: number };
  /** Company fleets: how often delivered eSIMs are handed to their travellers. */
  company: { assignSeconds: number };
  points: {
    perUnit: number;
    maxPercent: number;
    earnPerUnit: number;
    /** The currency's charge step (contracts `chargeStep`): points buy only whole steps (issue 25, defect 8). */
    step: number;
    /** Minor units per major unit of the currency (a point's worth is set per major unit). */
    minorPerMajor: number;
  };
  /**
   * Taiwan e-invoices (issue 28): off, or on with ezPay's account (production) or its simulator (demo:
   * `ezpay` absent).
   */
  invoice: {
    enabled: boolean;
    /** The seller's UBN for the E0402 blank-number message; null when not configured. */
    sellerUbn: string | null;
    ezpay?: { merchantId: string; hashKey: string; hashIV: string; env: 'test' | 'production' };
    /** ezPay's member for the number track API (production; demo uses its simulator's); absent: by hand. */
    ezpayMember?: { companyId: string; hashKey: string; hashIV: string };
  };
  transfer: {
    bankName: string;
    bankCode: string;
    accountName: string;
    accountNo: string;
    expireDays: number;
    unverifiedHours: number;
    unverifiedMax: number;
  };
};

/** Parses the environment once; the only reader of process.env. Throws with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const files = readFileVars(env);
  const parsed = schema.safeParse(files.env);
  if (!parsed.success || files.problems.length) {
    const lines = [
      ...files.problems,
      ...(parsed.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`),
    ];
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    mode: e.APP_MODE,
    demo: e.APP_MODE === 'demo',
    trustProxy: e.TRUST_PROXY,
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID ?? '',
            authToken: e.TWILIO_AUTH_TOKEN ?? '',
            from: e.TWILIO_FROM || undefined,
            messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID || undefined,
            apiBase: e.TWILIO_API_BASE,
          }
        : { provider: 'outbox' },
    mail: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          auth: e.SMTP_USER && e.SMTP_PASSWORD ? { user: e.SMTP_USER, pass: e.SMTP_PASSWORD } : undefined,
          tls: e.SMTP_TLS,
          from: e.MAIL_FROM ?? '',
        }
      : undefined,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL || undefined,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === '1' && e.DATABASE_POOLER === 'none',
    databaseSessionParameters: e.DATABASE_POOLER === 'none',
    databaseReadUrl: e.DATABASE_READ_URL || undefined,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS ?? e.DATABASE_STATEMENT_TIMEOUT_MS + 1000,
      idleInTransactionMs: Math.max(10_000, 2 * e.DATABASE_STATEMENT_TIMEOUT_MS),
      keepAliveMs: 10_000,
    },
    redisUrl: e.REDIS_URL || undefined,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION,
            prefix: e.S3_PREFIX,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
            timeoutMs: e.S3_TIMEOUT_MS,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : { kind: 'local' },
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    secret: e.APP_SECRET,
    previousSecrets: e.APP_SECRET_PREVIOUS ? [e.APP_SECRET_PREVIOUS] : [],
    metricsToken: e.METRICS_TOKEN || undefined,
    captchaTestMode: e.CAPTCHA_TEST_MODE === '1',
    defaultPhoneRegion: e.DEFAULT_PHONE_REGION.toUpperCase(),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    adminDist: path.resolve(e.ADMIN_DIST ?? new URL('../../admin/dist', import.meta.url).pathname),
    rateLimitMax: e.RATE_LIMIT_MAX,
    callbackRateLimitMax: e.CALLBACK_RATE_LIMIT_MAX,
    callbackRefusedMax: e.CALLBACK_REFUSED_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    codeIpHourlyMax: e.CODE_IP_HOURLY_MAX,
    wechat: { appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET, apiBase: e.WECHAT_API_BASE },
    payWays: e.PAY_WAYS ?? (e.APP_MODE === 'demo' ? [...payWayCode.options] : PRODUCTION_PAY_WAYS),
    payments: paymentsConfig(e),
    wallets: walletsConfig(e),
    ...(e.PARTNER_API_BASE && e.PARTNER_CLIENT_ID && e.PARTNER_CLIENT_SECRET && e.PARTNER_WEBHOOK_SECRET
      ? {
          partner: {
            apiBase: e.PARTNER_API_BASE,
            clientId: e.PARTNER_CLIENT_ID,
            clientSecret: e.PARTNER_CLIENT_SECRET,
            webhookSecret: e.PARTNER_WEBHOOK_SECRET,
          },
        }
      : {}),
    adminInitialPassword: e.ADMIN_INITIAL_PASSWORD,
    adminStockAlert: e.ADMIN_STOCK_ALERT,
    currency: e.CURRENCY,
    order: {
      payMinutes: e.ORDER_PAY_MINUTES,
      autoReceiveDays: e.ORDER_AUTO_RECEIVE_DAYS,
      autoCompleteDays: e.ORDER_AUTO_COMPLETE_DAYS,
      freeShippingMin: e.FREE_SHIPPING_MIN > 0 ? e.FREE_SHIPPING_MIN : null,
      sweepSeconds: e.ORDER_SWEEP_SECONDS,
      maxUnpaid: e.ORDER_MAX_UNPAID,
    },
    jobs: { pollSeconds: e.JOB_POLL_SECONDS, leaseSeconds: e.JOB_LEASE_SECONDS },
    simcard: {
      markupPercent: e.PARTNER_MARKUP_PERCENT,
      fxRate: e.PARTNER_FX_RATE,
      syncMinutes: e.PARTNER_SYNC_MINUTES,
      usageRefreshMinutes: e.SIM_USAGE_REFRESH_MINUTES,
    },
    reconcile: { reconcileSeconds: e.PAY_RECONCILE_SECONDS, queryAfterMinutes: e.PAY_QUERY_AFTER_MINUTES },
    company: { assignSeconds: e.COMPANY_ASSIGN_SECONDS },
    points: {
      perUnit: e.POINTS_PER_UNIT,
      maxPercent: e.POINTS_MAX_PERCENT,
      earnPerUnit: e.POINTS_EARN_PER_UNIT,
      step: chargeStep(e.CURRENCY),
      minorPerMajor: minorPerMajor(e.CURRENCY),
    },
    invoice: {
      enabled: (e.INVOICE_ENABLED ?? (e.APP_MODE === 'demo' ? '1' : '0')) === '1',
      sellerUbn: e.INVOICE_SELLER_UBN ?? (e.APP_MODE === 'demo' ? '04595252' : null),
      ...(e.EZPAY_INVOICE_MERCHANT_ID && e.EZPAY_INVOICE_HASH_KEY && e.EZPAY_INVOICE_HASH_IV
        ? {
            ezpay: {
              merchantId: e.EZPAY_INVOICE_MERCHANT_ID,
              hashKey: e.EZPAY_INVOICE_HASH_KEY,
              hashIV: e.EZPAY_INVOICE_HASH_IV,
              env: e.EZPAY_INVOICE_ENV,
            },
          }
        : {}),
      ...(e.EZPAY_MEMBER_ID && e.EZPAY_MEMBER_HASH_KEY && e.EZPAY_MEMBER_HASH_IV
        ? {
            ezpayMember: {
              companyId: e.EZPAY_MEMBER_ID,
              hashKey: e.EZPAY_MEMBER_HASH_KEY,
              hashIV: e.EZPAY_MEMBER_HASH_IV,
            },
          }
        : {}),
    },
    transfer: {
      bankName: e.TRANSFER_BANK_NAME,
      bankCode: e.TRANSFER_BANK_CODE,
      accountName: e.TRANSFER_ACCOUNT_NAME,
      accountNo: e.TRANSFER_ACCOUNT_NO,
      expireDays: e.TRANSFER_EXPIRE_DAYS,
      unverifiedHours: e.TRANSFER_UNVERIFIED_HOURS,
      unverifiedMax: e.TRANSFER_UNVERIFIED_MAX,
    },
  };
}

/** `<NAME>_FILE` fills `<NAME>` when that is unset; a file that cannot be read is a configuration problem. */
function readFileVars(env: Record<string, string | undefined>) {
  const out = { ...env };
  const problems: string[] = [];
  for (const name of FILE_VARS) {
    const file = env[`${name}_FILE`];
    if (out[name] || !file) continue;
    try {
      out[name] = fs.readFileSync(file, 'utf8');
    } catch (err) {
      problems.push(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return { env: out, problems };
}

/** TapPay's wallets: which are offered, and what TapPay's web SDK is set up with for Apple Pay and Google Pay. */
function walletsConfig(e: z.infer<typeof schema>): WalletsConfig {
  const demo = e.APP_MODE === 'demo';
  return {
    offered: e.TAPPAY_WALLETS ?? (demo ? [...tappayWallet.options] : []),
    applePay: {
      // demo: TapPay's own demo identifier; the simulated SDK stands in for Apple
      merchantIdentifier: e.APPLE_PAY_MERCHANT_ID ?? (demo ? 'merchant.tech.cherri.global.test' : ''),
      countryCode: e.APPLE_PAY_COUNTRY_CODE,
      ...(e.APPLE_PAY_DOMAIN_ASSOCIATION ? { domainAssociation: e.APPLE_PAY_DOMAIN_ASSOCIATION } : {}),
    },
    googlePay: { merchantId: e.GOOGLE_PAY_MERCHANT_ID ?? '', merchantName: e.GOOGLE_PAY_MERCHANT_NAME },
  };
}

/** Each channel whose every credential is set; the others stay unset (and unoffered, see the schema). */
function paymentsConfig(e: z.infer<typeof schema>): PaymentsConfig {
  const has = (keys: readonly (keyof typeof e)[]) => keys.every((k) => Boolean(e[k]));
  const keys = e.WECHATPAY_PLATFORM_KEYS ? platformKeys(e.WECHATPAY_PLATFORM_KEYS) : null;
  return {
    ...(has(CHANNEL_CREDENTIALS.wechat) && keys
      ? {
          wechat: {
            mchid: e.WECHATPAY_MCHID ?? '',
            appid: e.WECHATPAY_APPID ?? '',
            appAppid: e.WECHATPAY_APP_APPID || undefined,
            merchantSerial: e.WECHATPAY_MERCHANT_SERIAL ?? '',
            privateKey: pemText(e.WECHATPAY_PRIVATE_KEY ?? ''),
            apiV3Key: e.WECHATPAY_APIV3_KEY ?? '',
            platformKeys: keys,
            apiBase: e.WECHATPAY_API_BASE.replace(/\/$/, ''),
            merchantCategoryCode: e.WECHATPAY_MERCHANT_CATEGORY_CODE || undefined,
          },
        }
      : {}),
    ...(has(CHANNEL_CREDENTIALS.alipay)
      ? {
          alipay: {
            appId: e.ALIPAY_APP_ID ?? '',
            sellerId: e.ALIPAY_SELLER_ID ?? '',
            privateKey: pemText(e.ALIPAY_PRIVATE_KEY ?? ''),
            alipayPublicKey: pemText(e.ALIPAY_PUBLIC_KEY ?? ''),
            gateway: e.ALIPAY_GATEWAY,
            settleCurrency: e.ALIPAY_SETTLE_CURRENCY ?? e.CURRENCY,
          },
        }
      : {}),
    ...(has(CHANNEL_CREDENTIALS.tappay)
      ? {
          tappay: {
            partnerKey: e.TAPPAY_PARTNER_KEY ?? '',
            merchantId: e.TAPPAY_MERCHANT_ID ?? '',
            appId: e.TAPPAY_APP_ID ?? '',
            appKey: e.TAPPAY_APP_KEY ?? '',
            serverType: e.TAPPAY_SERVER_TYPE,
          },
        }
      : {}),
    ...(has(CHANNEL_CREDENTIALS.newebpay)
      ? {
          newebpay: {
            merchantId: e.NEWEBPAY_MERCHANT_ID ?? '',
            hashKey: e.NEWEBPAY_HASH_KEY ?? '',
            hashIV: e.NEWEBPAY_HASH_IV ?? '',
            env: e.NEWEBPAY_ENV,
          },
        }
      : {}),
  };
}
