// The order module's public face: what other modules and the app may use. Routes are mounted by modules/index.ts.
export { orderJobs } from './order.jobs';
export { markOrderPaid } from './order.service';
/** Read-only access for the payment core (amount due, owner, deadline, lines for points support). */
export { findOrder, findOrderLines, type OrderRow } from './order.repository';
export { extendPayDeadline } from './order.payment';
