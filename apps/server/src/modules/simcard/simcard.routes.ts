import { z } from 'zod';
import {
  simCardLabelRequest,
  simCardLabelResponse,
  simCardRefreshRequest,
  adminActivationRequest,
  adminActivationResponse,
  adminPartnerPricing,
  adminPartnerPricingResetRequest,
  adminPartnerPricingUpdateRequest,
  adminCatalogueSyncResponse,
  adminDelivery,
  adminDeliveryPageRequest,
  adminDeliveryPageResponse,
  adminDeliveryRetryRequest,
  adminSimIssueRequest,
  adminSimIssueResponse,
  cardValidity,
  envelope,
  logisticsUpdateRequest,
  noticePageRequest,
  noticePageResponse,
  noticeReadRequest,
  noticeUnreadResponse,
  orderDetail,
  partnerCancelRequest,
  partnerCardRequest,
  partnerCommodityPrice,
  partnerCommodityPriceQuery,
  partnerCommodityView,
  partnerCountry,
  partnerCountryQuery,
  partnerDeliveryView,
  partnerLogisticsCompany,
  partnerOrderCreateRequest,
  partnerOrderCreateResponse,
  partnerOrderInfo,
  partnerOrderInfoRequest,
  partnerPickupSite,
  simCardAlertRequest,
  simCardAlertResponse,
  simCardBindRequest,
  simCardDetail,
  simCardIccidQuery,
  simCardInfo,
  simCardListResponse,
  simCardOrderDelivery,
  simCardOrderDeliveryQuery,
  simCardSummary,
} from '@simshop/contracts';
import type { FastifyRequest } from 'fastify';
import { calls, defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { AppError } from '../../platform/errors';
import { callbackRateLimit, guardedCallback } from '../../platform/callback-limit';
import { adminIdOf, userIdOf } from '../../platform/auth';
import {
  bindCard,
  cardDetail,
  cardInfo,
  listCards,
  noticeUnread,
  notices,
  readNotices,
  setAlert,
} from './simcard.service';
import { handlePartnerWebhook } from './simcard-delivery.service';
import { deliveries, issuePhysicalCards, retryStuckDelivery } from './simcard-admin.service';
import { openDeliveryActivations } from './simcard-operator.service';
import { labelCard, refreshNow } from './simcard-traveller.service';
import {
  adminPricing,
  resetAdminPricing,
  setAdminPricing,
  syncCatalogueAsOperator,
} from './simcard-sync.service';
import { cancelPartnerLine } from '../../flows';
import {
  cardValidityOf,
  commodities,
  commodityPrice,
  countries,
  createPartnerOrders,
  logisticsCompanies,
  orderDeliveryOf,
  partnerOrderOf,
  pickupSites,
  planUsage,
  updateLogistics,
} from './simcard-billion.service';

const tags = ['simcard'];

/** The buyer's SIM cards by ICCID, an order's eSIM delivery, and the message list (notices) with its unread badge. */
export const simcardRoutes = defineRoutes('app/simcard/iccid', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.get('/list', { data: simCardListResponse }, (req) => listCards(ctx, userIdOf(req), req.locale));
  c.get('/detail', { query: simCardIccidQuery, data: simCardDetail }, (req) =>
    cardDetail(ctx, userIdOf(req), req.query.iccid, req.locale),
  );
  c.get('/info', { query: simCardIccidQuery, data: simCardInfo }, (req) =>
    cardInfo(ctx, userIdOf(req), req.query.iccid, req.locale),
  );
  c.get('/delivery', { query: simCardOrderDeliveryQuery, data: simCardOrderDelivery }, (req) =>
    orderDeliveryOf(ctx, userIdOf(req), req.query.orderId),
  );
  c.post('/bind', { body: simCardBindRequest, data: simCardSummary }, (req) =>
    bindCard(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/alert', { body: simCardAlertRequest, data: simCardAlertResponse }, (req) =>
    setAlert(ctx, userIdOf(req), req.body.iccid, req.body.thresholdMb),
  );
  c.post('/label', { body: simCardLabelRequest, data: simCardLabelResponse }, (req) =>
    labelCard(ctx, userIdOf(req), req.body.iccid, req.body.label),
  );
  c.post(
    '/refresh',
    {
      description: "the partner's reading now; at most once a minute per card, a few cards per account",
      body: simCardRefreshRequest,
      data: simCardDetail,
    },
    (req) => refreshNow(ctx, userIdOf(req), req.body.iccid, req.locale),
  );
  c.get('/notices', { query: noticePageRequest, data: noticePageResponse }, (req) =>
    notices(ctx, userIdOf(req), req.query, req.locale),
  );
  c.get('/notices/unread', { data: noticeUnreadResponse }, (req) => noticeUnread(ctx, userIdOf(req)));
  c.post('/notices/read', { body: noticeReadRequest, data: noticeUnreadResponse }, (req) =>
    readNotices(ctx, userIdOf(req), req.body.ids),
  );
});

/** The plan partner's calls (spec: app/billion/api), through the one adapter. */
export const billionRoutes = defineRoutes('app/billion/api', (r, ctx) => {
  const btags = ['plan partner'];
  const c = calls(r, { tags: btags });
  c.post(
    '/order/card/create',
    { body: partnerOrderCreateRequest, data: partnerOrderCreateResponse, auth: 'user' },
    (req) => createPartnerOrders(ctx, userIdOf(req), req.body.orderId, 'esim'),
  );
  c.post(
    '/order/recharge/create',
    { body: partnerOrderCreateRequest, data: partnerOrderCreateResponse, auth: 'user' },
    (req) => createPartnerOrders(ctx, userIdOf(req), req.body.orderId, 'topup'),
  );
  c.post('/order/info', { body: partnerOrderInfoRequest, data: partnerOrderInfo, auth: 'user' }, (req) =>
    partnerOrderOf(ctx, userIdOf(req), req.body.orderLineId),
  );
  c.post('/plan/usage', { body: partnerCardRequest, data: simCardInfo, auth: 'user' }, (req) =>
    planUsage(ctx, userIdOf(req), req.body.iccid, req.locale),
  );
  c.post('/card/validity', { body: partnerCardRequest, data: cardValidity, auth: 'user' }, (req) =>
    cardValidityOf(ctx, userIdOf(req), req.body.iccid),
  );
  c.get('/country/list', { data: z.array(partnerCountry), auth: 'user' }, () => countries(ctx));
  c.get('/logistics/companies', { data: z.array(partnerLogisticsCompany), auth: 'user' }, () =>
    logisticsCompanies(ctx),
  );
  c.get(
    '/pickup/sites',
    { query: partnerCountryQuery, data: z.array(partnerPickupSite), auth: 'user' },
    (req) => pickupSites(ctx, req.query.country),
  );
  // operators: wholesale prices, shipping physical SIM orders, cancelling partner orders
  c.get(
    '/commodities',
    {
      query: partnerCountryQuery,
      data: z.array(partnerCommodityView),
      auth: 'admin',
      permission: 'partner.sync',
    },
    (req) => commodities(ctx, adminIdOf(req), req.query.country),
  );
  c.get(
    '/commodity/price',
    {
      query: partnerCommodityPriceQuery,
      data: partnerCommodityPrice,
      auth: 'admin',
      permission: 'partner.sync',
    },
    (req) => commodityPrice(ctx, adminIdOf(req), req.query.code),
  );
  c.post(
    '/logistics/update',
    { body: logisticsUpdateRequest, data: orderDetail, auth: 'admin', permission: 'orders.write' },
    (req) => updateLogistics(ctx, adminIdOf(req), req.body, req.locale),
  );
  c.post(
    '/order/cancel',
    { body: partnerCancelRequest, data: partnerDeliveryView, auth: 'admin', permission: 'deliveries.retry' },
    (req) => cancelPartnerLine(ctx, adminIdOf(req), req.body.orderLineId),
  );
});

const inbound = (req: FastifyRequest) => ({
  method: req.method,
  headers: Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
  ),
  rawBody: typeof req.body === 'string' ? req.body : '',
  query: {},
});

/** The partner's signed webhook: the raw body is kept (the HMAC covers the exact bytes). */
export const partnerWebhookRoutes = defineRoutes('app/billion/webhook', (r, ctx) => {
  r.removeAllContentTypeParsers();
  r.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  r.post(
    '/partner',
    {
      schema: {
        tags: ['plan partner'],
        summary: 'order completion webhook (raw body, HMAC verified)',
        response: { 200: envelope(z.object({ received: z.boolean() })) },
      },
      // the partner's own budget, not the buyers' per-address limit (issue 26, fault 8)
      config: { rateLimit: callbackRateLimit(ctx) },
    },
    async (req) =>
      ok(
        await guardedCallback(
          ctx,
          req,
          () => handlePartnerWebhook(ctx, inbound(req)),
          // only webhooks whose signature fails count against the address
          (_res, err) => err instanceof AppError && err.codeName === 'PARTNER_SIGNATURE_INVALID',
        ),
      ),
  );
});

/** Operators: stuck deliveries (list, retry) and the catalogue sync command. */
export const adminSimcardRoutes = defineRoutes('admin/simcard', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/delivery/page',
    { body: adminDeliveryPageRequest, data: adminDeliveryPageResponse, permission: 'deliveries.read' },
    (req) => deliveries(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/delivery/retry',
    { body: adminDeliveryRetryRequest, data: adminDelivery, permission: 'deliveries.retry' },
    (req) => retryStuckDelivery(ctx, adminIdOf(req), req.body.id),
  );
  c.post(
    '/activation/info',
    {
      description: 'opens the activation codes of an eSIM delivery (masked elsewhere); audited',
      body: adminActivationRequest,
      data: adminActivationResponse,
      permission: 'deliveries.retry',
    },
    (req) => openDeliveryActivations(ctx, adminIdOf(req), req.body.deliveryId),
  );
  c.post(
    '/physical/issue',
    {
      description:
        'Enters the physical cards that go out (with a paid order, or over the counter); answers their bind codes once.',
      body: adminSimIssueRequest,
      data: adminSimIssueResponse,
      permission: 'orders.write',
    },
    (req) => issuePhysicalCards(ctx, adminIdOf(req), req.body),
  );
  c.post('/catalogue/sync', { data: adminCatalogueSyncResponse, permission: 'partner.sync' }, (req) =>
    syncCatalogueAsOperator(ctx, adminIdOf(req)),
  );
  c.get(
    '/pricing/info',
    {
      description: 'The markup and FX rate the catalogue sync prices with.',
      data: adminPartnerPricing,
      permission: 'partner.sync',
    },
    (req) => adminPricing(ctx, adminIdOf(req)),
  );
  c.post(
    '/pricing/update',
    {
      description: 'Sets the markup and FX rate (over the configured defaults); the next sync uses them.',
      body: adminPartnerPricingUpdateRequest,
      data: adminPartnerPricing,
      permission: 'partner.sync',
    },
    (req) => setAdminPricing(ctx, adminIdOf(req), req.body),
  );
  c.post(
    '/pricing/reset',
    {
      description: 'Back to the configured defaults (PARTNER_MARKUP_PERCENT, PARTNER_FX_RATE).',
      body: adminPartnerPricingResetRequest,
      data: adminPartnerPricing,
      permission: 'partner.sync',
    },
    (req) => resetAdminPricing(ctx, adminIdOf(req)),
  );
});
