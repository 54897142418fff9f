import type { Locale, OrderCreateRequest, OrderDetail } from '@simshop/contracts';
import type { AppContext } from '../context';
import { AppError } from '../platform/errors';
import { rememberChoice } from '../modules/invoice';
import { createOrder, orderDetail, type OnCreated } from '../modules/order';
import { checkPointSupport, paidWaysOfOrders } from '../modules/payment';
import { usePoints } from './internal-payment';

/**
 * Checkout with the points switched on (issue 25, defect 9): the order is created (its own transaction,
 * with the invoice choice and `besides`: what the caller writes with the order, e.g. a company batch),
 * then the points are applied right after its commit by the one points step (`usePoints`, the same rule
 * and inputs as the quote), so the pay sheet opens with them applied and what is due is what checkout
 * showed. Once per order (usePoints' ledger key): a repeated create (same idempotency key) finds them
 * applied. A refusal (no points now, a concurrent use, the order no longer payable) leaves the order as
 * created, never a failure after its commit; the pay sheet still offers the points.
 */
export async function checkout(
  ctx: AppContext,
  userId: number,
  req: OrderCreateRequest,
  locale: Locale,
  besides?: OnCreated,
): Promise<OrderDetail> {
  const { invoice } = req;
  // in the order's own transaction: the e-invoice choice (issue 28), checked by the request schema before
  // the order was written, kept for the order and remembered for next time (an order without one gets the
  // remembered one, else the member carrier, when it is invoiced), and what the caller writes beside it.
  // `req.invoice` is the buyer's own choice; one the buyer did not make (a company's) goes in `besides`.
  const created = await createOrder(ctx, userId, req, locale, paidWaysOfOrders, async (trx, order) => {
    if (invoice) await rememberChoice(trx, userId, order.id, invoice, order.at);
    if (besides) await besides(trx, order);
  });
  if (!req.usePoints || !(await applyCheckoutPoints(ctx, userId, created.id))) return created;
  return orderDetail(ctx, userId, created.id, locale, paidWaysOfOrders);
}

/** True when the points were applied now. */
async function applyCheckoutPoints(ctx: AppContext, userId: number, orderId: number) {
  try {
    const support = await checkPointSupport(ctx, userId, orderId);
    if (!support.supported || support.usablePoints <= 0) return false;
    await usePoints(ctx, userId, orderId);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}
