import type { AppContext } from '../context';
import { orderJobs } from '../modules/order';
import { paymentJobs } from '../modules/payment';
import { simcardJobs } from '../modules/simcard';

/** Registers every job of the app on its runner (buildApp calls this once). */
export function registerJobs(ctx: AppContext) {
  const order = orderJobs(ctx);
  if (ctx.config.order.sweepSeconds > 0) ctx.jobs.schedule(order.sweep);
  ctx.jobs.handle(order.refund);
  const payment = paymentJobs(ctx);
  if (ctx.config.reconcile.reconcileSeconds > 0) ctx.jobs.schedule(payment.reconcile);
  ctx.jobs.handle(payment.refund);
  const simcard = simcardJobs(ctx);
  ctx.jobs.handle(simcard.delivery);
  if (ctx.config.simcard.usageRefreshMinutes > 0) ctx.jobs.schedule(simcard.usage);
  if (ctx.config.simcard.syncMinutes > 0) ctx.jobs.schedule(simcard.sync);
}
