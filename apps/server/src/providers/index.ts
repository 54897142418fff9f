import type { Config } from '../config';
import type { Db } from '../platform/db';
import { instrumentProvider, type Telemetry } from '../platform/telemetry';
import type { ChannelCode, HttpClient, PaymentChannel } from './payments/channel';
import { demoPaymentChannels, productionPaymentChannels } from './payments/channels';
import { createFetchHttpClient } from './payments/http-client';
import type { SimKeys } from './payments/sim-keys';
import { createOutboxMailSender, createUnavailableMailSender, type MailSender } from './mail/mail';
import { createSmtpMailSender } from './mail/smtp';
import { createOutboxSmsSender, type SmsSender } from './sms/sms';
import { createTwilioSmsSender } from './sms/twilio';
import type { InvoiceProvider, InvoiceTrackRegistry } from './invoice/invoice-provider';
import { createEzPayInvoiceClient } from './invoice/ezpay.client';
import { createEzPayTrackClient } from './invoice/ezpay.tracks';
import { createEzPayInvoiceDemo } from './invoice/ezpay.demo';
import type { EzPaySimState } from './invoice/ezpay.simulator';
import { EZPAY_INVOICE_API } from './invoice/ezpay.wire';
import type { PlanPartner } from './plan-partner/plan-partner';
import { createPlanPartnerClient } from './plan-partner/plan-partner.client';
import { createPlanPartnerDemo } from './plan-partner/plan-partner.demo';
import {
  createWechatClient,
  networkGet,
  usesWechatSimulator,
  WECHAT_API_BASE,
  WECHAT_OPEN_BASE,
  WECHAT_SIMULATOR_PATH,
  type WechatClient,
} from './wechat/wechat.client';

/** The adapters to the outside world, built once per app and handed to services through the context. */
export type Providers = {
  sms: SmsSender;
  mail: MailSender;
  wechat: WechatClient;
  /**
   * The payment channels' adapters (providers/payments/<channel>/), by code. A pay way whose channel is
   * missing here is refused (PAY_CHANNEL_UNAVAILABLE) and shown disabled by /payList.
   */
  payments: Partial<Record<ChannelCode, PaymentChannel>>;
  /**
   * The wholesale eSIM plan partner (providers/plan-partner/): its simulator in demo mode, PARTNER_* in
   * production; null in production without them (no eSIM can be ordered then).
   */
  planPartner: PlanPartner | null;
  /**
   * The e-invoice service (providers/invoice/, issue 28): ezPay's simulator in demo mode, EZPAY_INVOICE_* in
   * production; null when invoicing is off (config.invoice.enabled).
   */
  invoice: InvoiceProvider | null;
  /**
   * The e-invoice service's register of number tracks (ezPay's 字軌管理 API, providers/invoice/ezpay.tracks.ts):
   * the simulator's in demo mode, EZPAY_MEMBER_* in production; null when invoicing is off or those are not
   * configured (operators register tracks on ezPay's site by hand).
   */
  invoiceTracks: InvoiceTrackRegistry | null;
};

/** What building the demo providers needs from the running app: the server calling itself in process. */
export type ProviderIo = {
  db: Db;
  /** GET on this app without the network (demo WeChat simulator; works in tests). */
  inject: (path: string) => Promise<{ statusCode: number; json(): unknown }>;
  /** Any request to this app without the network (late-bound: the app is not ready when providers are built). */
  http: HttpClient;
  /** Demo mode: the simulators' kept keys (payments/sim-keys.ts), shared with providers/simulators.ts. */
  simKeys?: SimKeys;
  /** Where the calls of the providers built here are timed and their failures counted (GET /metrics). */
  telemetry?: Telemetry;
  /** Demo mode: the ezPay e-invoice simulator's state, shared with providers/simulators.ts. */
  invoiceSim?: EzPaySimState;
};

/**
 * The one place providers are chosen from config: in demo mode the outbox and the simulators, in
 * production the real adapters with the credentials from the environment (config refuses to start
 * without them). `overrides` (tests, through buildApp) replace any of them; those are then not built.
 */
export function buildProviders(
  config: Config,
  io: ProviderIo,
  overrides: Partial<Providers> = {},
): Providers {
  // the providers built here are timed (a test's own fakes are handed over as they are)
  const t = io.telemetry;
  const timed = <T extends object>(p: T, name: string, skip: readonly string[] = []) =>
    t ? instrumentProvider(p, name, t, skip) : p;
  const partner = 'planPartner' in overrides ? undefined : planPartner(config, io);
  return {
    sms: overrides.sms ?? timed(smsSender(config, io), 'sms'),
    mail: overrides.mail ?? timed(mailSender(config, io), 'mail'),
    wechat: overrides.wechat ?? timed(wechatClient(config, io), 'wechat'),
    payments:
      overrides.payments ??
      (Object.fromEntries(
        Object.entries(paymentChannels(config, io)).map(([code, ch]) => [
          code,
          // a callback's verification is not a call out: it has its own series
          timed(ch, `pay_${code}`, ['handleCallback']),
        ]),
      ) as Providers['payments']),
    planPartner:
      partner === undefined ? (overrides.planPartner ?? null) : partner && timed(partner, 'plan_partner'),
    invoice:
      'invoice' in overrides
        ? (overrides.invoice ?? null)
        : ((p) => p && timed(p, 'invoice'))(invoiceProvider(config, io)),
    invoiceTracks:
      'invoiceTracks' in overrides
        ? (overrides.invoiceTracks ?? null)
        : ((p) => p && timed(p, 'invoice_tracks'))(invoiceTrackRegistry(config, io)),
  };
}

/** Off: none. Demo: against the simulator at /dev/sim/ezpay-invoice in this app; production: ezPay. */
function invoiceProvider(config: Config, io: ProviderIo): InvoiceProvider | null {
  if (!config.invoice.enabled) return null;
  if (config.demo) {
    if (!io.invoiceSim) throw new Error('demo mode builds the e-invoice client with its simulator state');
    return createEzPayInvoiceClient(
      createEzPayInvoiceDemo({ publicUrl: config.publicUrl, http: io.http, state: io.invoiceSim }).client,
    );
  }
  // config refuses production with invoicing on and no credentials
  if (!config.invoice.ezpay) return unconfigured('e-invoice (EZPAY_INVOICE_*)');
  const { merchantId, hashKey, hashIV, env } = config.invoice.ezpay;
  return createEzPayInvoiceClient({
    merchantId,
    hashKey,
    hashIV,
    baseUrl: EZPAY_INVOICE_API[env],
    http: createFetchHttpClient(),
  });
}

/** Off: none. Demo: the simulator's track API; production: ezPay's with EZPAY_MEMBER_*, when configured. */
function invoiceTrackRegistry(config: Config, io: ProviderIo): InvoiceTrackRegistry | null {
  if (!config.invoice.enabled) return null;
  if (config.demo) {
    if (!io.invoiceSim) throw new Error('demo mode builds the e-invoice client with its simulator state');
    return createEzPayTrackClient(
      createEzPayInvoiceDemo({ publicUrl: config.publicUrl, http: io.http, state: io.invoiceSim }).tracks,
    );
  }
  if (!config.invoice.ezpayMember || !config.invoice.ezpay) return null;
  const { companyId, hashKey, hashIV } = config.invoice.ezpayMember;
  return createEzPayTrackClient({
    companyId,
    hashKey,
    hashIV,
    baseUrl: EZPAY_INVOICE_API[config.invoice.ezpay.env],
    http: createFetchHttpClient(),
  });
}

/** Demo: against the simulator at /dev/sim/partner in this app; production: the configured partner, if any. */
function planPartner(config: Config, io: ProviderIo): PlanPartner | null {
  if (config.demo)
    return createPlanPartnerClient(
      createPlanPartnerDemo({ publicUrl: config.publicUrl, http: io.http }).client,
    );
  if (!config.partner) return null;
  const { apiBase, clientId, clientSecret, webhookSecret } = config.partner;
  return createPlanPartnerClient({
    baseUrl: apiBase,
    clientId,
    clientSecret,
    webhookSecret,
    http: createFetchHttpClient(),
  });
}

/** Demo: all four, each against its simulator in this app; production: each configured one, over fetch. */
function paymentChannels(config: Config, io: ProviderIo): Providers['payments'] {
  if (!config.demo) return productionPaymentChannels(config.payments, createFetchHttpClient());
  if (!io.simKeys) throw new Error('demo mode builds the payment channels from the simulator keys');
  return demoPaymentChannels(config.publicUrl, io.simKeys, io.http, config.wechat.appId);
}

/** SMTP when configured (demo or production); otherwise the outbox in demo, none in production. */
function mailSender(config: Config, io: ProviderIo): MailSender {
  if (config.mail) return createSmtpMailSender(config.mail);
  return config.demo ? createOutboxMailSender(io.db) : createUnavailableMailSender();
}

function smsSender(config: Config, io: ProviderIo): SmsSender {
  if (config.sms.provider === 'twilio') return createTwilioSmsSender(config.sms);
  // the outbox keeps codes in plain text: never outside the demo
  return config.demo ? createOutboxSmsSender(io.db) : unconfigured('SMS');
}

function unconfigured(what: string): never {
  throw new Error(`production needs a ${what} gateway (see README, configuration)`);
}

function wechatClient(config: Config, io: ProviderIo): WechatClient {
  if (usesWechatSimulator(config)) {
    const base = `${config.publicUrl}${WECHAT_SIMULATOR_PATH}`;
    return createWechatClient({
      appId: config.wechat.appId,
      appSecret: config.wechat.appSecret,
      openBase: base,
      apiBase: base,
      get: async (url) => {
        const u = new URL(url);
        const res = await io.inject(`${u.pathname}${u.search}`);
        return { status: res.statusCode, json: async () => res.json() };
      },
    });
  }
  return createWechatClient({
    appId: config.wechat.appId,
    appSecret: config.wechat.appSecret,
    openBase: WECHAT_OPEN_BASE,
    apiBase: (config.wechat.apiBase ?? WECHAT_API_BASE).replace(/\/$/, ''),
    get: networkGet,
  });
}
