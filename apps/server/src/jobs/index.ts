import type { AppContext } from '../context';
import { orderJobs } from '../modules/order';
import { paymentJobs } from '../modules/payment';

/** Registers every job of the app on its runner (buildApp calls this once). */
export function registerJobs(ctx: AppContext) {
  const order = orderJobs(ctx);
  if (ctx.config.order.sweepSeconds > 0) ctx.jobs.schedule(order.sweep);
  ctx.jobs.handle(order.refund);
  const payment = paymentJobs(ctx);
  if (ctx.config.reconcile.reconcileSeconds > 0) ctx.jobs.schedule(payment.reconcile);
  ctx.jobs.handle(payment.refund);
}
