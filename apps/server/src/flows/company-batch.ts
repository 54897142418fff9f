import type { Locale, PayWayCode } from '@simshop/contracts';
import type { AppContext } from '../context';
import { assertBatchClean, batchOfOrder, batchWrites, planBatch } from '../modules/company';
import { companyInvoice } from './company-invoice';
import { checkout } from './order-checkout';

/**
 * A company's bulk purchase (issue 28): the travellers checked (nothing written while a row has an error),
 * then one order for the whole batch through the shop's own checkout, in the company account's name (its
 * pricing, stock, pay ways: transfer, card, wallet), the batch with its travellers and, above the company's
 * threshold, the approval hold written in the order's own transaction (no order without its batch and hold).
 * A repeat with the same idempotency key answers the same batch. The order's e-invoice is the company's
 * (company-invoice.ts).
 */
export async function orderCompanyBatch(
  ctx: AppContext,
  userId: number,
  req: { specId: number; quantity?: number; csv?: string; payWay: PayWayCode; idempotencyKey?: string },
  locale: Locale,
) {
  const plan = await planBatch(ctx, userId, req, locale);
  assertBatchClean(plan);
  const ownerId = Number(plan.seat.company.owner_user_id);
  const keepInvoice = await companyInvoice(ctx, ownerId);
  const writeBatch = await batchWrites(ctx, plan);
  const order = await checkout(
    ctx,
    ownerId,
    {
      buyNow: { specId: plan.specId, quantity: plan.quantity },
      payWay: req.payWay,
      note: '',
      usePoints: false,
      ...(req.idempotencyKey ? { idempotencyKey: req.idempotencyKey } : {}),
    },
    locale,
    async (trx, o) => {
      await keepInvoice(trx, o);
      await writeBatch(trx, o);
    },
  );
  return batchOfOrder(ctx, plan, order.id, locale);
}
