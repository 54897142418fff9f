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
import { defineRoutes } from '../../platform/router';
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
const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };

/** The buyer's SIM cards by ICCID, an order's eSIM delivery, and the message list (notices) with its unread badge. */
export const simcardRoutes = defineRoutes('app/simcard/iccid', (r, ctx) => {
  r.get(
    '/list',
    { schema: { tags, response: { 200: envelope(simCardListResponse) } }, config: user },
    async (req) => ok(await listCards(ctx, userIdOf(req), req.locale)),
  );
  r.get(
    '/detail',
    {
      schema: { tags, querystring: simCardIccidQuery, response: { 200: envelope(simCardDetail) } },
      config: user,
    },
    async (req) => ok(await cardDetail(ctx, userIdOf(req), req.query.iccid, req.locale)),
  );
  r.get(
    '/info',
    {
      schema: { tags, querystring: simCardIccidQuery, response: { 200: envelope(simCardInfo) } },
      config: user,
    },
    async (req) => ok(await cardInfo(ctx, userIdOf(req), req.query.iccid, req.locale)),
  );
  r.get(
    '/delivery',
    {
      schema: {
        tags,
        querystring: simCardOrderDeliveryQuery,
        response: { 200: envelope(simCardOrderDelivery) },
      },
      config: user,
    },
    async (req) => ok(await orderDeliveryOf(ctx, userIdOf(req), req.query.orderId)),
  );
  r.post(
    '/bind',
    { schema: { tags, body: simCardBindRequest, response: { 200: envelope(simCardSummary) } }, config: user },
    async (req) => ok(await bindCard(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/label',
    {
      schema: { tags, body: simCardLabelRequest, response: { 200: envelope(simCardLabelResponse) } },
      config: user,
    },
    async (req) => ok(await labelCard(ctx, userIdOf(req), req.body.iccid, req.body.label)),
  );
  r.post(
    '/refresh',
    {
      schema: {
        tags,
        description: "the partner's reading now; at most once a minute per card, a few cards per account",
        body: simCardRefreshRequest,
        response: { 200: envelope(simCardDetail) },
      },
      config: user,
    },
    async (req) => ok(await refreshNow(ctx, userIdOf(req), req.body.iccid, req.locale)),
  );
  r.post(
    '/alert',
    {
      schema: { tags, body: simCardAlertRequest, response: { 200: envelope(simCardAlertResponse) } },
      config: user,
    },
    async (req) => ok(await setAlert(ctx, userIdOf(req), req.body.iccid, req.body.thresholdMb)),
  );
  r.get(
    '/notices',
    {
      schema: { tags, querystring: noticePageRequest, response: { 200: envelope(noticePageResponse) } },
      config: user,
    },
    async (req) => ok(await notices(ctx, userIdOf(req), req.query, req.locale)),
  );
  r.get(
    '/notices/unread',
    { schema: { tags, response: { 200: envelope(noticeUnreadResponse) } }, config: user },
    async (req) => ok(await noticeUnread(ctx, userIdOf(req))),
  );
  r.post(
    '/notices/read',
    {
      schema: { tags, body: noticeReadRequest, response: { 200: envelope(noticeUnreadResponse) } },
      config: user,
    },
    async (req) => ok(await readNotices(ctx, userIdOf(req), req.body.ids)),
  );
});

/** The plan partner's calls (spec: app/billion/api), through the one adapter. */
export const billionRoutes = defineRoutes('app/billion/api', (r, ctx) => {
  const btags = ['plan partner'];
  r.post(
    '/order/card/create',
    {
      schema: {
        tags: btags,
        body: partnerOrderCreateRequest,
        response: { 200: envelope(partnerOrderCreateResponse) },
      },
      config: user,
    },
    async (req) => ok(await createPartnerOrders(ctx, userIdOf(req), req.body.orderId, 'esim')),
  );
  r.post(
    '/order/recharge/create',
    {
      schema: {
        tags: btags,
        body: partnerOrderCreateRequest,
        response: { 200: envelope(partnerOrderCreateResponse) },
      },
      config: user,
    },
    async (req) => ok(await createPartnerOrders(ctx, userIdOf(req), req.body.orderId, 'topup')),
  );
  r.post(
    '/order/info',
    {
      schema: { tags: btags, body: partnerOrderInfoRequest, response: { 200: envelope(partnerOrderInfo) } },
      config: user,
    },
    async (req) => ok(await partnerOrderOf(ctx, userIdOf(req), req.body.orderLineId)),
  );
  r.post(
    '/plan/usage',
    {
      schema: { tags: btags, body: partnerCardRequest, response: { 200: envelope(simCardInfo) } },
      config: user,
    },
    async (req) => ok(await planUsage(ctx, userIdOf(req), req.body.iccid, req.locale)),
  );
  r.post(
    '/card/validity',
    {
      schema: { tags: btags, body: partnerCardRequest, response: { 200: envelope(cardValidity) } },
      config: user,
    },
    async (req) => ok(await cardValidityOf(ctx, userIdOf(req), req.body.iccid)),
  );
  r.get(
    '/country/list',
    { schema: { tags: btags, response: { 200: envelope(z.array(partnerCountry)) } }, config: user },
    async () => ok(await countries(ctx)),
  );
  r.get(
    '/logistics/companies',
    { schema: { tags: btags, response: { 200: envelope(z.array(partnerLogisticsCompany)) } }, config: user },
    async () => ok(await logisticsCompanies(ctx)),
  );
  r.get(
    '/pickup/sites',
    {
      schema: {
        tags: btags,
        querystring: partnerCountryQuery,
        response: { 200: envelope(z.array(partnerPickupSite)) },
      },
      config: user,
    },
    async (req) => ok(await pickupSites(ctx, req.query.country)),
  );
  // operators: wholesale prices, shipping physical SIM orders, cancelling partner orders
  r.get(
    '/commodities',
    {
      schema: {
        tags: btags,
        querystring: partnerCountryQuery,
        response: { 200: envelope(z.array(partnerCommodityView)) },
      },
      config: admin,
    },
    async (req) => ok(await commodities(ctx, adminIdOf(req), req.query.country)),
  );
  r.get(
    '/commodity/price',
    {
      schema: {
        tags: btags,
        querystring: partnerCommodityPriceQuery,
        response: { 200: envelope(partnerCommodityPrice) },
      },
      config: admin,
    },
    async (req) => ok(await commodityPrice(ctx, adminIdOf(req), req.query.code)),
  );
  r.post(
    '/logistics/update',
    {
      schema: { tags: btags, body: logisticsUpdateRequest, response: { 200: envelope(orderDetail) } },
      config: admin,
    },
    async (req) => ok(await updateLogistics(ctx, adminIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/order/cancel',
    {
      schema: { tags: btags, body: partnerCancelRequest, response: { 200: envelope(partnerDeliveryView) } },
      config: admin,
    },
    async (req) => ok(await cancelPartnerLine(ctx, adminIdOf(req), req.body.orderLineId)),
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
  r.post(
    '/delivery/page',
    {
      schema: {
        tags,
        body: adminDeliveryPageRequest,
        response: { 200: envelope(adminDeliveryPageResponse) },
      },
      config: admin,
    },
    async (req) => ok(await deliveries(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/delivery/retry',
    {
      schema: { tags, body: adminDeliveryRetryRequest, response: { 200: envelope(adminDelivery) } },
      config: admin,
    },
    async (req) => ok(await retryStuckDelivery(ctx, adminIdOf(req), req.body.id)),
  );
  r.post(
    '/activation/info',
    {
      schema: {
        tags,
        description: 'opens the activation codes of an eSIM delivery (masked elsewhere); audited',
        body: adminActivationRequest,
        response: { 200: envelope(adminActivationResponse) },
      },
      config: admin,
    },
    async (req) => ok(await openDeliveryActivations(ctx, adminIdOf(req), req.body.deliveryId)),
  );
  r.post(
    '/physical/issue',
    {
      schema: {
        tags,
        description:
          'Enters the physical cards that go out (with a paid order, or over the counter); answers their bind codes once.',
        body: adminSimIssueRequest,
        response: { 200: envelope(adminSimIssueResponse) },
      },
      config: admin,
    },
    async (req) => ok(await issuePhysicalCards(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/catalogue/sync',
    { schema: { tags, response: { 200: envelope(adminCatalogueSyncResponse) } }, config: admin },
    async (req) => ok(await syncCatalogueAsOperator(ctx, adminIdOf(req))),
  );
  const pricing = { 200: envelope(adminPartnerPricing) };
  r.get(
    '/pricing/info',
    {
      schema: {
        tags,
        description: 'The markup and FX rate the catalogue sync prices with.',
        response: pricing,
      },
      config: admin,
    },
    async (req) => ok(await adminPricing(ctx, adminIdOf(req))),
  );
  r.post(
    '/pricing/update',
    {
      schema: {
        tags,
        description: 'Sets the markup and FX rate (over the configured defaults); the next sync uses them.',
        body: adminPartnerPricingUpdateRequest,
        response: pricing,
      },
      config: admin,
    },
    async (req) => ok(await setAdminPricing(ctx, adminIdOf(req), req.body)),
  );
  r.post(
    '/pricing/reset',
    {
      schema: {
        tags,
        description: 'Back to the configured defaults (PARTNER_MARKUP_PERCENT, PARTNER_FX_RATE).',
        body: adminPartnerPricingResetRequest,
        response: pricing,
      },
      config: admin,
    },
    async (req) => ok(await resetAdminPricing(ctx, adminIdOf(req))),
  );
});
