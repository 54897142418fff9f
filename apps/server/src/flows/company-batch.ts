import { invoiceChoice, type Locale, type PayWayCode } from '@simshop/contracts';
import type { AppContext } from '../context';
import { assertBatchClean, batchOfOrder, batchWrites, planBatch } from '../modules/company';
import { keepOrderChoice } from '../modules/invoice';
import { getPerson } from '../modules/user-info';
import { checkout } from './order-checkout';

/**
 * A company's bulk purchase (issue 28): the travellers checked (nothing written while a row has an error),
 * then one order for the whole batch through the shop's own checkout, in the company account's name (its
 * pricing, stock, pay ways: transfer, card, wallet), the batch with its travellers and, above the company's
 * threshold, the approval hold written in the order's own transaction (no order without its batch and hold).
 * A repeat with the same idempotency key answers the same batch. The order's e-invoice is the company's
 * (B2B, its registered UBN and name), not the owner's remembered personal carrier; kept for this order
 * only, beside it, so the owner's own next order still defaults to the carrier the owner chose.
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
  const registered = (await getPerson(ctx, ownerId)).company;
  const invoice = registered
    ? invoiceChoice.safeParse({ kind: 'company', ubn: registered.ubn, title: registered.companyName })
    : null;
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
      if (invoice?.success) await keepOrderChoice(trx, ownerId, o.id, invoice.data, o.at);
      await writeBatch(trx, o);
    },
  );
  return batchOfOrder(ctx, plan, order.id, locale);
}
