import { z } from 'zod';
import {
  adminPaymentPage,
  adminPaymentPageRequest,
  checkPointSupportRequest,
  checkPointSupportResponse,
  envelope,
  newebpayMpgInfoResponse,
  newebpayMpgNoResponse,
  newebpayOrderQuery,
  orderPayRequest,
  payStartResponse,
  payStatusQuery,
  payStatusResponse,
  tappayInfoResponse,
  tappayPayRequest,
  topupCreateRequest,
  topupCreateResponse,
  topupStatusQuery,
  topupStatusResponse,
  usePointRequest,
  usePointResponse,
  walletPayRequest,
  walletPayResponse,
  wxAppPayRequest,
} from '@simshop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { CallbackKind, ChannelCode } from '../../providers/payments/channel';
import { userIdOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import { callbackRateLimit, guardedCallback } from '../../platform/callback-limit';
import { adminPaymentPage as paymentPage } from './payment-admin.service';
import { defineRoutes, type Router } from '../../platform/router';
import { channelOf, resultPath } from './payment.channels';
import { checkPointSupport } from './payment.internal';
import { topupStatus } from './payment.service';
import {
  handleCallback,
  paymentStatusConfirmed,
  startPayment,
  startWalletTopup,
  usePoints,
  walletPay,
} from '../../flows';

const tags = ['payment'];
const auth = { auth: 'user' as const };

/** The buyer's pay calls: a channel, the wallet, points, WeChat APP; and the status clients poll. */
export const payRoutes = defineRoutes('app/order/pay', (r, ctx) => {
  r.post(
    '/orderPay',
    { schema: { tags, body: orderPayRequest, response: { 200: envelope(payStartResponse) } }, config: auth },
    async (req) =>
      ok(
        await startPayment(ctx, userIdOf(req), req.body.orderId, req.body.payWay, {
          client: req.body.client,
          payerIp: req.ip,
        }),
      ),
  );
  r.post(
    '/wxAppPay',
    { schema: { tags, body: wxAppPayRequest, response: { 200: envelope(payStartResponse) } }, config: auth },
    async (req) => ok(await startPayment(ctx, userIdOf(req), req.body.orderId, 'wechat', { client: 'app' })),
  );
  r.post(
    '/walletPay',
    {
      schema: { tags, body: walletPayRequest, response: { 200: envelope(walletPayResponse) } },
      config: auth,
    },
    async (req) => ok(await walletPay(ctx, userIdOf(req), req.body.orderId)),
  );
  r.post(
    '/checkPointSupport',
    {
      schema: {
        tags,
        body: checkPointSupportRequest,
        response: { 200: envelope(checkPointSupportResponse) },
      },
      config: auth,
    },
    async (req) => ok(await checkPointSupport(ctx, userIdOf(req), req.body.orderId)),
  );
  r.post(
    '/usePoint',
    { schema: { tags, body: usePointRequest, response: { 200: envelope(usePointResponse) } }, config: auth },
    async (req) => ok(await usePoints(ctx, userIdOf(req), req.body.orderId)),
  );
  r.get(
    '/status',
    {
      schema: {
        tags,
        querystring: payStatusQuery.extend({ confirm: z.enum(['0', '1']).optional() }),
        response: { 200: envelope(payStatusResponse) },
      },
      config: auth,
    },
    async (req) =>
      ok(await paymentStatusConfirmed(ctx, userIdOf(req), req.query.orderId, req.query.confirm === '1')),
  );
});

/**
 * Routes that take a provider's callback as it arrived: every body is kept as the raw string (signatures
 * cover the exact bytes; JSON or form re-serialised would not verify), whatever its content type.
 */
function rawBodies(r: Router) {
  r.removeAllContentTypeParsers();
  r.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
}

/** Callbacks answer what the provider expects (text, or a redirect), documented as a string. */
const callbackSchema = (summary: string) => ({
  tags: ['payment callbacks'],
  summary,
  response: { 200: z.string().describe("the provider's expected answer, e.g. `success`") },
});

const inbound = (req: FastifyRequest) => ({
  method: req.method,
  headers: Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
  ),
  rawBody: typeof req.body === 'string' ? req.body : '',
  query: Object.fromEntries(
    Object.entries((req.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  ),
});

/** Verifies and applies a provider's server notification; answers what the provider expects. */
function notifyRoute(r: Router, ctx: AppContext, path: string, code: ChannelCode) {
  r.post(
    path,
    {
      schema: callbackSchema(`${code} server notification (raw body, verified by the adapter)`),
      // the provider's own budget, not the buyers' per-address limit (issue 26, fault 8)
      config: { rateLimit: callbackRateLimit(ctx) },
    },
    async (req, reply) => {
      // only notifications that fail verification count against the address
      const res = await guardedCallback(
        ctx,
        req,
        () => handleCallback(ctx, code, 'notify', inbound(req)),
        // a refusal is answered, not thrown; a thrown error is ours (database, ...), not the sender's
        (r) => r !== undefined && !r.verified,
      );
      // the provider's own status (WeChat 204 or 401, NewebPay 200, ...); only 200 is documented
      return reply
        .code(res.reply.status as 200)
        .type(res.reply.contentType)
        .send(res.reply.body);
    },
  );
}

/** A browser coming back from a provider: processed as a hint, then sent to our result page. */
function browserRoute(
  r: Router,
  ctx: AppContext,
  method: 'GET' | 'POST',
  path: string,
  code: ChannelCode,
  kind: CallbackKind,
  page: 'viewback' | 'customer',
) {
  r.route({
    method,
    url: path,
    schema: callbackSchema(`${code} browser ${kind} (a hint; redirects to /pages/simpay/${page})`),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const res = await handleCallback(ctx, code, kind, inbound(req)).catch(() => null);
      const orderId = res?.orderId ?? null;
      const topupId = res?.topupId ?? null;
      // a wallet top-up has no order page: its result is on the recharge page
      if (!orderId && topupId) return reply.redirect(resultPath(null, topupId), 303);
      const q = orderId ? `?orderId=${orderId}` : '';
      return reply.redirect(`/pages/simpay/${page}${q}`, 303);
    },
  });
}

export const payCallbackRoutes = defineRoutes('app/order/pay', (r, ctx) => {
  rawBodies(r);
  notifyRoute(r, ctx, '/wxNotify', 'wechat');
  notifyRoute(r, ctx, '/alipayNotify', 'alipay');
  browserRoute(r, ctx, 'GET', '/alipayReturn', 'alipay', 'return', 'viewback');
});

/** TapPay: the public SDK values, pay by prime; the backend notification. */
export const tappayRoutes = defineRoutes('app/order/tappay', (r, ctx) => {
  r.get(
    '/tappay_jinliu_info',
    { schema: { tags, response: { 200: envelope(tappayInfoResponse) } }, config: auth },
    async () => {
      const info = channelOf(ctx, 'tappay').clientInfo?.() ?? {};
      return ok({
        sdkUrl: info.sdkUrl ?? info.sdk_url ?? '/dev/sim/tappay/sdk.js',
        appId: info.appId ?? info.app_id ?? '',
        appKey: info.appKey ?? info.app_key ?? '',
        serverType: info.serverType ?? info.server_type ?? 'sandbox',
      });
    },
  );
  r.post(
    '/pay',
    { schema: { tags, body: tappayPayRequest, response: { 200: envelope(payStartResponse) } }, config: auth },
    async (req) =>
      ok(
        await startPayment(ctx, userIdOf(req), req.body.orderId, 'tappay', {
          client: 'desktop_browser',
          prime: req.body.prime,
          method: req.body.method,
          cardholder: req.body.cardholder,
        }),
      ),
  );
});
export const tappayCallbackRoutes = defineRoutes('app/order/tappay', (r, ctx) => {
  rawBodies(r);
  notifyRoute(r, ctx, '/notify', 'tappay');
});

/** NewebPay MPG: a fresh attempt number, the encrypted form; the notify, return and customer callbacks. */
export const newebpayRoutes = defineRoutes('app/order/newebpay', (r, ctx) => {
  r.get(
    '/getMpgNo',
    {
      schema: { tags, querystring: newebpayOrderQuery, response: { 200: envelope(newebpayMpgNoResponse) } },
      config: auth,
    },
    async (req) => {
      // the number getOrderMpgInfo then uses: both calls share the one open attempt (reuse)
      const started = await startPayment(ctx, userIdOf(req), req.query.orderId, 'newebpay', {
        client: 'desktop_browser',
        method: req.query.method,
        reuse: true,
      });
      return ok({ orderId: started.orderId, attemptNo: started.attemptNo });
    },
  );
  r.get(
    '/getOrderMpgInfo',
    {
      schema: { tags, querystring: newebpayOrderQuery, response: { 200: envelope(newebpayMpgInfoResponse) } },
      config: auth,
    },
    async (req) => {
      const started = await startPayment(ctx, userIdOf(req), req.query.orderId, 'newebpay', {
        client: 'desktop_browser',
        method: req.query.method,
        reuse: true,
      });
      const s = started.start;
      return ok({
        orderId: started.orderId,
        attemptNo: started.attemptNo,
        action: s.kind === 'form' ? s.action : s.kind === 'redirect' ? s.url : '',
        fields: s.kind === 'form' ? s.fields : {},
      });
    },
  );
});
export const newebpayCallbackRoutes = defineRoutes('app/order/newebpay', (r, ctx) => {
  rawBodies(r);
  notifyRoute(r, ctx, '/notify', 'newebpay');
  browserRoute(r, ctx, 'POST', '/return', 'newebpay', 'return', 'viewback');
  browserRoute(r, ctx, 'POST', '/customer', 'newebpay', 'customer', 'customer');
});

/** Wallet top-up (a recharge order paid through a channel, credited on its verified outcome). */
export const walletTopupRoutes = defineRoutes('app/user/wallet', (r, ctx) => {
  r.post(
    '/recharge',
    {
      schema: { tags, body: topupCreateRequest, response: { 200: envelope(topupCreateResponse) } },
      config: auth,
    },
    async (req) => ok(await startWalletTopup(ctx, userIdOf(req), { ...req.body, payerIp: req.ip })),
  );
  r.get(
    '/rechargeStatus',
    {
      schema: { tags, querystring: topupStatusQuery, response: { 200: envelope(topupStatusResponse) } },
      config: auth,
    },
    async (req) => ok(await topupStatus(ctx, userIdOf(req), req.query.topupId)),
  );
});

/** The spec's recharge order under points: the same top-up of the wallet. */
export const pointsRechargeRoutes = defineRoutes('app/user/points', (r, ctx) => {
  r.post(
    '/createRechargeOrder',
    {
      schema: { tags, body: topupCreateRequest, response: { 200: envelope(topupCreateResponse) } },
      config: auth,
    },
    async (req) => ok(await startWalletTopup(ctx, userIdOf(req), { ...req.body, payerIp: req.ip })),
  );
});

/** Payment attempts for finance (roles: platform/roles.ts). */
export const adminPaymentRoutes = defineRoutes('admin/payment/info', (r, ctx) => {
  r.post(
    '/page',
    {
      schema: {
        tags: ['admin'],
        body: adminPaymentPageRequest,
        response: { 200: envelope(adminPaymentPage) },
      },
      config: { auth: 'admin' },
    },
    async (req) => ok(await paymentPage(ctx, req.body)),
  );
});
