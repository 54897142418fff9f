import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { channelOf } from './payment.channels';

/**
 * What the shop's page needs to pay through TapPay's web SDK (issue 27), as TapPay's web examples set it up
 * (github.com/TapPay/tappay-web-example, Apple_Pay and Google_Pay): `TPDirect.setupSDK(appId, appKey,
 * serverType)`; for Apple Pay `paymentRequestApi.checkAvailability()`, then
 * `paymentRequestApi.setupApplePay({ merchantIdentifier, countryCode })`, then
 * `paymentRequestApi.setupPaymentRequest(data, cb)` whose `canMakePaymentWithActiveCard` says whether this
 * device can pay (the button shows only then), then `getPrime`; for Google Pay
 * `googlePay.setupGooglePay({ googleMerchantId, merchantName, ... })`, then
 * `googlePay.setupPaymentRequest(req, cb)` whose `canUseGooglePay` says the same, then `getPrime`. Only
 * public values: TapPay's partner key never leaves the server.
 */
export function tappayClientInfo(ctx: AppContext) {
  const info = channelOf(ctx, 'tappay').clientInfo?.() ?? {};
  const w = ctx.config.wallets;
  const offered = w.offered;
  return {
    sdkUrl: info.sdkUrl ?? info.sdk_url ?? '/dev/sim/tappay/sdk.js',
    appId: info.appId ?? info.app_id ?? '',
    appKey: info.appKey ?? info.app_key ?? '',
    serverType: info.serverType ?? info.server_type ?? 'sandbox',
    wallets: offered,
    applePay: offered.includes('apple_pay')
      ? { merchantIdentifier: w.applePay.merchantIdentifier, countryCode: w.applePay.countryCode }
      : null,
    googlePay: offered.includes('google_pay')
      ? {
          // TapPay: optional in its sandbox, required in production (config refuses production without it)
          ...(w.googlePay.merchantId ? { googleMerchantId: w.googlePay.merchantId } : {}),
          merchantName: w.googlePay.merchantName,
          // Google's own script, which TapPay's Google Pay calls; the demo's simulated SDK needs none
          scriptUrl: ctx.config.demo ? null : GOOGLE_PAY_JS,
        }
      : null,
  };
}

export const GOOGLE_PAY_JS = 'https://pay.google.com/gp/p/js/pay.js';
/** Where Apple fetches the domain verification file before Apple Pay works on a domain. */
export const APPLE_PAY_DOMAIN_FILE = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * Serves Apple's domain verification file (APPLE_PAY_DOMAIN_ASSOCIATION) byte for byte, as Apple downloads it
 * from the domain before Apple Pay runs there; nothing is served (404) when none is configured.
 */
export function registerApplePayDomainFile(app: FastifyInstance, ctx: AppContext) {
  const body = ctx.config.wallets.applePay.domainAssociation;
  if (body === undefined) return;
  app.get(APPLE_PAY_DOMAIN_FILE, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body),
  );
}
