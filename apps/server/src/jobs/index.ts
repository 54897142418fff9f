import type { AppContext } from '../context';
import { reconcileJob, refundJob } from '../flows';
import { invoiceJobs, trackRegistrationJob } from '../modules/invoice';
import { orderJobs } from '../modules/order';
import { simcardJobs } from '../modules/simcard';
import { companyJobs } from '../modules/company';

/** Registers every job of the app on its runner (buildApp calls this once): the one place jobs are wired. */
export function registerJobs(ctx: AppContext) {
  const order = orderJobs(ctx);
  if (ctx.config.order.sweepSeconds > 0) ctx.jobs.schedule(order.sweep);
  if (ctx.config.reconcile.reconcileSeconds > 0) ctx.jobs.schedule(reconcileJob(ctx));
  ctx.jobs.handle(refundJob(ctx));
  const simcard = simcardJobs(ctx);
  ctx.jobs.handle(simcard.delivery);
  ctx.jobs.handle(simcard.mail);
  if (ctx.config.simcard.usageRefreshMinutes > 0) ctx.jobs.schedule(simcard.usage);
  if (ctx.config.simcard.syncMinutes > 0) ctx.jobs.schedule(simcard.sync);
  const company = companyJobs(ctx);
  ctx.jobs.handle(company.delivered);
  ctx.jobs.handle(company.joined);
  ctx.jobs.schedule(company.assign);
  ctx.jobs.handle(company.invite);
  const invoice = invoiceJobs(ctx);
  ctx.jobs.handle(invoice.issue);
  ctx.jobs.handle(invoice.ret);
  ctx.jobs.handle(trackRegistrationJob(ctx));
}
