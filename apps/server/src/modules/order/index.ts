// The order module's public face: what other modules and the app may use. Routes are mounted by modules/index.ts.
// The payment core reads an order with findOrder (its one read: the order row, by id, optionally the owner's;
// a notification's order is the one its payment attempt names), records a verified payment with markOrderPaid
// (inside its own transaction) and flags money it cannot apply with flagLatePaymentRefund; approved refunds
// reach the money through ctx.providers.refunds (the RefundGateway below), called by the order's refund job.
export { orderJobs } from './order.jobs';
export { markOrderPaid } from './order-status.service';
export { flagLatePaymentRefund, REFUND_JOB, REFUND_MAX_ATTEMPTS } from './order.refunds';
export type { RefundGateway, RefundOutcome, RefundRequest } from '../../providers/refunds/refund.gateway';
/** The payment core's one read of an order (amount, currency, owner, status, deadline) and its lines (points support). */
export { findOrder, findOrderLines, type OrderRow } from './order.repository';
export { extendPayDeadline } from './order.payment';
export { ownOrderBrief, recentOrderBriefs, orderNumbers, type OrderBrief } from './order.lookup';
export { isPartnerLine, lockOrderForDelivery, setOrderDelivery } from './order.delivery';
export type { OrderLineRow } from './order.repository';
export { adminShipOrder } from './order-operator.service';
export { paidOrdersSince, pendingRefundCount } from './order.stats';
