// The order module's public face: what other modules and the app may use. Routes are mounted by modules/index.ts.
// Writes to an order's payment, refund and delivery state are commands (./commands.ts), used by flows/ only.
export { orderJobs } from './order.jobs';
/** The payment core's one read of an order (amount, currency, owner, status, deadline) and its lines (points support). */
export { findOrder, findOrderLines, type OrderRow } from './order.repository';
/** Every approved refund of some orders, partial ones too (a company's monthly statement). */
export { approvedRefundsOf } from './order.repository';
/** Gives an unpaid order a later deadline (a bank transfer opened: days to pay). */
export { extendPayDeadline } from './order.payment';
export {
  ownOrderBrief,
  recentOrderBriefs,
  orderNumbers,
  openMoneyOrder,
  type OrderBrief,
} from './order.lookup';
export { isPartnerLine, lockOrderForDelivery } from './order.delivery';
export { setOrderDelivery } from './order-status.service';
export type { OrderLineRow } from './order.repository';
export { adminShipOrder } from './order-operator.service';
export { adminOrderDetail, orderDetail } from './order-reads.service';
/** Checkout's order create, for flows/order-checkout (which applies the points switched on at checkout). */
export { createOrder, type CreatedOrder, type OnCreated } from './order-checkout.service';
export { paidOrdersSince, pendingRefundCount } from './order.stats';
/** Company approval (issue 28): an order held for its approver is not payable; released or closed on decision. */
export {
  closeRejectedOrder,
  holdForApproval,
  isHeldForApproval,
  releaseApprovalHold,
} from './order.approval';
/** Minor units as a plain decimal of the currency, as the order export writes money (company statements too). */
export { decimalAmount } from './order-export';
