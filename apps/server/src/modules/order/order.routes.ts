import { z } from 'zod';
import {
  adminOrder,
  adminOrderExportQuery,
  adminOrderPageRequest,
  adminOrderPageResponse,
  adminRefundApproveRequest,
  adminRefundRejectRequest,
  adminShipRequest,
  adminTrackingRequest,
  envelope,
  idempotencyKey,
  idQuery,
  orderCommentSubmitRequest,
  orderCommentSubmitResponse,
  orderCreateRequest,
  orderDetail,
  orderIdRequest,
  orderLogistics,
  orderPageRequest,
  orderPageResponse,
  orderQuote,
  orderQuoteRequest,
  orderRefundRequest,
  orderUpdateRequest,
  orderUserCountResponse,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { approveRefund, checkout } from '../../flows';
import { ok } from '../../platform/http';
import { adminIdOf, userIdOf } from '../../platform/auth';
import { exportOrdersCsv } from './order-export';
import { quoteOrder } from './order-pricing.service';
import {
  cancelOrder,
  confirmOrder,
  requestRefund,
  submitOrderComment,
  updateOrder,
} from './order-buyer.service';
import { adminAddTracking, adminRejectRefund, adminShipOrder } from './order-operator.service';
import {
  adminOrderDetail,
  adminOrderPage,
  orderDetail as orderDetailOf,
  orderLogistics as orderLogisticsOf,
  orderPageAnswer,
  orderUserCount,
} from './order-reads.service';
import { sendAnswer } from '../../platform/answer-cache';
import { paidWaysOfOrders } from '../payment';

const tags = ['order'];
const createHeaders = z.object({ 'idempotency-key': idempotencyKey.optional() });

/** The buyer's orders: quote, create, list, detail, counts, cancel, confirm, refund, update, logistics. */
export const orderRoutes = defineRoutes('app/order/info', (r, ctx) => {
  const auth = { auth: 'user' as const };
  r.post(
    '/quote',
    { schema: { tags, body: orderQuoteRequest, response: { 200: envelope(orderQuote) } }, config: auth },
    async (req) => ok(await quoteOrder(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/create',
    {
      schema: {
        tags,
        body: orderCreateRequest,
        headers: createHeaders,
        response: { 200: envelope(orderDetail) },
      },
      config: auth,
    },
    async (req) =>
      ok(
        await checkout(
          ctx,
          userIdOf(req),
          { ...req.body, idempotencyKey: req.body.idempotencyKey ?? req.headers['idempotency-key'] },
          req.locale,
        ),
      ),
  );
  r.post(
    '/page',
    {
      schema: { tags, body: orderPageRequest, response: { 200: envelope(orderPageResponse) } },
      config: auth,
    },
    async (req, reply) =>
      sendAnswer(reply, await orderPageAnswer(ctx, userIdOf(req), req.body, req.locale, paidWaysOfOrders)),
  );
  r.get(
    '/info',
    { schema: { tags, querystring: idQuery, response: { 200: envelope(orderDetail) } }, config: auth },
    async (req) => ok(await orderDetailOf(ctx, userIdOf(req), req.query.id, req.locale, paidWaysOfOrders)),
  );
  r.get(
    '/userCount',
    { schema: { tags, response: { 200: envelope(orderUserCountResponse) } }, config: auth },
    async (req) => ok(await orderUserCount(ctx, userIdOf(req))),
  );
  r.post(
    '/cancel',
    { schema: { tags, body: orderIdRequest, response: { 200: envelope(orderDetail) } }, config: auth },
    async (req) => ok(await cancelOrder(ctx, userIdOf(req), req.body.id, req.locale)),
  );
  r.get(
    '/confirm',
    { schema: { tags, querystring: idQuery, response: { 200: envelope(orderDetail) } }, config: auth },
    async (req) => ok(await confirmOrder(ctx, userIdOf(req), req.query.id, req.locale)),
  );
  r.post(
    '/refund',
    { schema: { tags, body: orderRefundRequest, response: { 200: envelope(orderDetail) } }, config: auth },
    async (req) => ok(await requestRefund(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/update',
    { schema: { tags, body: orderUpdateRequest, response: { 200: envelope(orderDetail) } }, config: auth },
    async (req) => ok(await updateOrder(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.get(
    '/logistics',
    { schema: { tags, querystring: idQuery, response: { 200: envelope(orderLogistics) } }, config: auth },
    async (req) => ok(await orderLogisticsOf(ctx, userIdOf(req), req.query.id, req.locale)),
  );
});

/** Reviews of bought goods: one per order line; the order completes when every line is reviewed. */
export const orderCommentRoutes = defineRoutes('app/goods/comment', (r, ctx) => {
  r.post(
    '/submit',
    {
      schema: {
        tags,
        body: orderCommentSubmitRequest,
        response: { 200: envelope(orderCommentSubmitResponse) },
      },
      config: { auth: 'user' },
    },
    async (req) => ok(await submitOrderComment(ctx, userIdOf(req), req.body)),
  );
});

/** Operators: list and read orders, ship, add tracking events, approve or reject refunds. */
export const adminOrderRoutes = defineRoutes('admin/order/info', (r, ctx) => {
  const auth = { auth: 'admin' as const };
  const one = { 200: envelope(adminOrder) };
  r.post(
    '/page',
    {
      schema: { tags, body: adminOrderPageRequest, response: { 200: envelope(adminOrderPageResponse) } },
      config: auth,
    },
    async (req) => ok(await adminOrderPage(ctx, req.body, req.locale, paidWaysOfOrders)),
  );
  r.get('/info', { schema: { tags, querystring: idQuery, response: one }, config: auth }, async (req) =>
    ok(await adminOrderDetail(ctx, req.query.id, req.locale, paidWaysOfOrders)),
  );
  r.get(
    '/export',
    {
      schema: {
        tags,
        description: 'The orders of the filter as CSV (UTF-8 with BOM, money as decimals), at most 50,000.',
        querystring: adminOrderExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; a refusal or bad filter answers the JSON envelope') },
      },
      config: auth,
    },
    async (req, reply) => {
      const csv = await exportOrdersCsv(ctx, req.query, req.locale, paidWaysOfOrders);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(csv);
    },
  );
  r.post('/ship', { schema: { tags, body: adminShipRequest, response: one }, config: auth }, async (req) =>
    ok(await adminShipOrder(ctx, adminIdOf(req), req.body, req.locale, paidWaysOfOrders)),
  );
  r.post(
    '/tracking',
    {
      schema: { tags, body: adminTrackingRequest, response: { 200: envelope(orderLogistics) } },
      config: auth,
    },
    async (req) => ok(await adminAddTracking(ctx, adminIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/refund/approve',
    { schema: { tags, body: adminRefundApproveRequest, response: one }, config: auth },
    async (req) => ok(await approveRefund(ctx, adminIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/refund/reject',
    { schema: { tags, body: adminRefundRejectRequest, response: one }, config: auth },
    async (req) => ok(await adminRejectRefund(ctx, adminIdOf(req), req.body, req.locale, paidWaysOfOrders)),
  );
});
