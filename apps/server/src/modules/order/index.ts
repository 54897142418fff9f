// The order module's public face: what other modules and the app may use. Routes are mounted by modules/index.ts.
export { orderJobs } from './order.jobs';
export { markOrderPaid } from './order.service';
export { ownOrderBrief, recentOrderBriefs, orderNumbers, type OrderBrief } from './order.lookup';
