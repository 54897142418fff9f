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
import { calls, defineRoutes } from '../../platform/router';
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
  const c = calls(r, { tags, auth: 'user' });
  c.post('/quote', { body: orderQuoteRequest, data: orderQuote }, (req) =>
    quoteOrder(ctx, userIdOf(req), req.body, req.locale),
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
  c.raw.post('/page', { body: orderPageRequest, data: orderPageResponse }, async (req, reply) =>
    sendAnswer(reply, await orderPageAnswer(ctx, userIdOf(req), req.body, req.locale, paidWaysOfOrders)),
  );
  c.get('/info', { query: idQuery, data: orderDetail }, (req) =>
    orderDetailOf(ctx, userIdOf(req), req.query.id, req.locale, paidWaysOfOrders),
  );
  c.get('/userCount', { data: orderUserCountResponse }, (req) => orderUserCount(ctx, userIdOf(req)));
  c.post('/cancel', { body: orderIdRequest, data: orderDetail }, (req) =>
    cancelOrder(ctx, userIdOf(req), req.body.id, req.locale),
  );
  c.get('/confirm', { query: idQuery, data: orderDetail }, (req) =>
    confirmOrder(ctx, userIdOf(req), req.query.id, req.locale),
  );
  c.post('/refund', { body: orderRefundRequest, data: orderDetail }, (req) =>
    requestRefund(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/update', { body: orderUpdateRequest, data: orderDetail }, (req) =>
    updateOrder(ctx, userIdOf(req), req.body, req.locale),
  );
  c.get('/logistics', { query: idQuery, data: orderLogistics }, (req) =>
    orderLogisticsOf(ctx, userIdOf(req), req.query.id, req.locale),
  );
});

/** Reviews of bought goods: one per order line; the order completes when every line is reviewed. */
export const orderCommentRoutes = defineRoutes('app/goods/comment', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.post('/submit', { body: orderCommentSubmitRequest, data: orderCommentSubmitResponse }, (req) =>
    submitOrderComment(ctx, userIdOf(req), req.body),
  );
});

/** Operators: list and read orders, ship, add tracking events, approve or reject refunds. */
export const adminOrderRoutes = defineRoutes('admin/order/info', (r, ctx) => {
  const c = calls(r, { tags, auth: 'admin' });
  c.post(
    '/page',
    { body: adminOrderPageRequest, data: adminOrderPageResponse, permission: 'orders.read' },
    (req) => adminOrderPage(ctx, req.body, req.locale, paidWaysOfOrders),
  );
  c.get('/info', { query: idQuery, data: adminOrder, permission: 'orders.read' }, (req) =>
    adminOrderDetail(ctx, req.query.id, req.locale, paidWaysOfOrders),
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
      config: { auth: 'admin', permission: 'orders.export' },
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
  c.post('/ship', { body: adminShipRequest, data: adminOrder, permission: 'orders.write' }, (req) =>
    adminShipOrder(ctx, adminIdOf(req), req.body, req.locale, paidWaysOfOrders),
  );
  c.post(
    '/tracking',
    { body: adminTrackingRequest, data: orderLogistics, permission: 'orders.write' },
    (req) => adminAddTracking(ctx, adminIdOf(req), req.body, req.locale),
  );
  c.post(
    '/refund/approve',
    { body: adminRefundApproveRequest, data: adminOrder, permission: 'refunds.decide' },
    (req) => approveRefund(ctx, adminIdOf(req), req.body, req.locale),
  );
  c.post(
    '/refund/reject',
    { body: adminRefundRejectRequest, data: adminOrder, permission: 'refunds.decide' },
    (req) => adminRejectRefund(ctx, adminIdOf(req), req.body, req.locale, paidWaysOfOrders),
  );
});
