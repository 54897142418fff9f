import type { AppContext } from '../context';
import { orderJobs } from '../modules/order';

/** Registers every job of the app on its runner (buildApp calls this once). */
export function registerJobs(ctx: AppContext) {
  const order = orderJobs(ctx);
  if (ctx.config.order.sweepSeconds > 0) ctx.jobs.schedule(order.sweep);
  ctx.jobs.handle(order.refund);
}
