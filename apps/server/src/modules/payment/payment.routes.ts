import { z } from 'zod';
import {
  adminPaymentPage,
  adminPaymentPageRequest,
  checkPointSupportRequest,
  checkPointSupportResponse,
  newebpayMpgInfoResponse,
  newebpayMpgNoResponse,
  newebpayOrderQuery,
  orderPayRequest,
  orderPayResponse,
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
  wechatJsapiPayRequest,
  walletPayResponse,
  wxAppPayRequest,
} from '@simshop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { CallbackKind, ChannelCode } from '../../providers/payments/channel';
import { userIdOf } from '../../platform/auth';
import { callbackRateLimit, guardedCallback } from '../../platform/callback-limit';
import { adminPaymentPage as paymentPage } from './payment-admin.service';
import { calls, defineRoutes, type Router } from '../../platform/router';
import { resultPath } from './payment.channels';
import { tappayClientInfo } from './payment-wallets';
import { checkPointSupport } from './payment.internal';
import { topupStatus } from './payment.service';
import {
  handleCallback,
  paymentStatusConfirmed,
  startBrowserPayment,
  startPayment,
  startWalletTopup,
  startWechatJsapi,
  usePoints,
  walletPay,
} from '../../flows';

const tags = ['payment'];

/** The buyer's pay calls: a channel, the wallet, points, WeChat APP; and the status clients poll. */
export const payRoutes = defineRoutes('app/order/pay', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.post('/orderPay', { body: orderPayRequest, data: orderPayResponse }, (req) =>
    startBrowserPayment(ctx, userIdOf(req), req.body.orderId, req.body.payWay, {
      client: req.body.client,
      payerIp: req.ip,
    }),
  );
  // back from WeChat's silent authorisation inside WeChat (orderPay sent the browser there)
  c.post('/wechatJsapi', { body: wechatJsapiPayRequest, data: payStartResponse }, (req) =>
    startWechatJsapi(ctx, userIdOf(req), req.body),
  );
  c.post('/wxAppPay', { body: wxAppPayRequest, data: payStartResponse }, (req) =>
    startPayment(ctx, userIdOf(req), req.body.orderId, 'wechat', { client: 'app' }),
  );
  c.post('/walletPay', { body: walletPayRequest, data: walletPayResponse }, (req) =>
    walletPay(ctx, userIdOf(req), req.body.orderId),
  );
  c.post('/checkPointSupport', { body: checkPointSupportRequest, data: checkPointSupportResponse }, (req) =>
    checkPointSupport(ctx, userIdOf(req), req.body.orderId),
  );
  c.post('/usePoint', { body: usePointRequest, data: usePointResponse }, (req) =>
    usePoints(ctx, userIdOf(req), req.body.orderId),
  );
  c.get(
    '/status',
    { query: payStatusQuery.extend({ confirm: z.enum(['0', '1']).optional() }), data: payStatusResponse },
    (req) => paymentStatusConfirmed(ctx, userIdOf(req), req.query.orderId, req.query.confirm === '1'),
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
  const c = calls(r, { tags, auth: 'user' });
  c.get('/tappay_jinliu_info', { data: tappayInfoResponse }, async () => tappayClientInfo(ctx));
  c.post('/pay', { body: tappayPayRequest, data: payStartResponse }, (req) =>
    startPayment(ctx, userIdOf(req), req.body.orderId, 'tappay', {
      client: 'desktop_browser',
      prime: req.body.prime,
      method: req.body.method,
      cardholder: req.body.cardholder,
    }),
  );
});
export const tappayCallbackRoutes = defineRoutes('app/order/tappay', (r, ctx) => {
  rawBodies(r);
  notifyRoute(r, ctx, '/notify', 'tappay');
});

/** NewebPay MPG: a fresh attempt number, the encrypted form; the notify, return and customer callbacks. */
export const newebpayRoutes = defineRoutes('app/order/newebpay', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.get('/getMpgNo', { query: newebpayOrderQuery, data: newebpayMpgNoResponse }, async (req) => {
    // the number getOrderMpgInfo then uses: both calls share the one open attempt (reuse)
    const started = await startPayment(ctx, userIdOf(req), req.query.orderId, 'newebpay', {
      client: 'desktop_browser',
      method: req.query.method,
      reuse: true,
    });
    return { orderId: started.orderId, attemptNo: started.attemptNo };
  });
  c.get('/getOrderMpgInfo', { query: newebpayOrderQuery, data: newebpayMpgInfoResponse }, async (req) => {
    const started = await startPayment(ctx, userIdOf(req), req.query.orderId, 'newebpay', {
      client: 'desktop_browser',
      method: req.query.method,
      reuse: true,
    });
    const s = started.start;
    return {
      orderId: started.orderId,
      attemptNo: started.attemptNo,
      action: s.kind === 'form' ? s.action : s.kind === 'redirect' ? s.url : '',
      fields: s.kind === 'form' ? s.fields : {},
    };
  });
});
export const newebpayCallbackRoutes = defineRoutes('app/order/newebpay', (r, ctx) => {
  rawBodies(r);
  notifyRoute(r, ctx, '/notify', 'newebpay');
  browserRoute(r, ctx, 'POST', '/return', 'newebpay', 'return', 'viewback');
  browserRoute(r, ctx, 'POST', '/customer', 'newebpay', 'customer', 'customer');
});

/** Wallet top-up (a recharge order paid through a channel, credited on its verified outcome). */
export const walletTopupRoutes = defineRoutes('app/user/wallet', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.post('/recharge', { body: topupCreateRequest, data: topupCreateResponse }, (req) =>
    startWalletTopup(ctx, userIdOf(req), req.body),
  );
  c.get('/rechargeStatus', { query: topupStatusQuery, data: topupStatusResponse }, (req) =>
    topupStatus(ctx, userIdOf(req), req.query.topupId),
  );
});

/** The spec's recharge order under points: the same top-up of the wallet. */
export const pointsRechargeRoutes = defineRoutes('app/user/points', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.post('/createRechargeOrder', { body: topupCreateRequest, data: topupCreateResponse }, (req) =>
    startWalletTopup(ctx, userIdOf(req), req.body),
  );
});

/** Payment attempts for finance. */
export const adminPaymentRoutes = defineRoutes('admin/payment/info', (r, ctx) => {
  const c = calls(r, { tags: ['admin'], auth: 'admin' });
  c.post(
    '/page',
    { body: adminPaymentPageRequest, data: adminPaymentPage, permission: 'payments.read' },
    (req) => paymentPage(ctx, req.body),
  );
});
