import type { CompanyTopUp, Locale, PayWayCode } from '@simshop/contracts';
import type { AppContext } from '../context';
import { planTopUp } from '../modules/company';
import { recordTopUpTargets } from '../modules/simcard/commands';
import { checkout } from './order-checkout';
import { companyInvoice } from './company-invoice';

/**
 * A company's bulk top-up (issue 28): one order of the top-up for N of its eSIMs, through the shop's own
 * checkout in the company account's name (its pay ways), the cards written with the order in its
 * transaction with the company's e-invoice (company-invoice.ts); once paid, fulfilment tops up each card
 * as a single top-up by ICCID does. A repeat with the same idempotency key answers the same order.
 */
export async function orderCompanyTopUp(
  ctx: AppContext,
  userId: number,
  req: { specId: number; iccids: string[]; all: boolean; payWay: PayWayCode; idempotencyKey?: string },
  locale: Locale,
): Promise<CompanyTopUp> {
  const plan = await planTopUp(ctx, userId, req, locale);
  const keepInvoice = await companyInvoice(ctx, plan.ownerUserId);
  const order = await checkout(
    ctx,
    plan.ownerUserId,
    {
      buyNow: { specId: plan.specId, quantity: plan.iccids.length },
      payWay: req.payWay,
      note: '',
      usePoints: false,
      // the order's card number is the first card (a single top-up's field); the targets name them all
      cardNumber: plan.iccids[0],
      ...(req.idempotencyKey ? { idempotencyKey: req.idempotencyKey } : {}),
    },
    locale,
    async (trx, o) => {
      await keepInvoice(trx, o);
      await recordTopUpTargets(trx, o.id, plan.iccids);
    },
  );
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    totalAmount: order.totalAmount,
    currency: order.currency,
    iccids: plan.iccids,
  };
}
