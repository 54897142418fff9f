// Test fixtures: an order paid as a buyer would pay it, through flows/order-payment.
import type { AppContext } from '../context';
import type { ChannelCode } from '../providers/payments/channel';
import { findOrder } from '../modules/order';
import { amountDue } from '../modules/payment';
import { openAttempt } from '../modules/payment/commands';
import { postEntry } from '../modules/wallet/commands';
import { chargeWallet } from './internal-payment';
import { receiveOutcome } from './order-payment';

/**
 * Pays what is due on an order: by default from the buyer's wallet, credited first by an operator's
 * adjustment of the same amount; with `channel`, as that channel's verified notification of a payment.
 * True when the order is paid; false when the money could not be taken (late: the order closed and the
 * money went on the refund job; or surplus).
 */
export async function payOrderAsBuyer(ctx: AppContext, orderId: number, channel?: ChannelCode) {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new Error(`order ${orderId} missing`);
  // the wallet never pays an order that is not waiting for payment (a channel's money may still arrive)
  if (!channel && Number(order.status) !== 0) return false;
  const amount = await amountDue(ctx.db, order);
  const at = Date.now();
  if (channel) {
    const attempt = await openAttempt(
      ctx.db,
      { order },
      { userId: Number(order.user_id), channel, amount, currency: order.currency, at },
    );
    const r = await receiveOutcome(ctx, channel, {
      attemptNo: attempt.attempt_no,
      state: 'paid',
      amount,
      currency: order.currency,
      providerTradeNo: `T${attempt.attempt_no}`,
      paidAt: at,
    });
    return r === 'applied';
  }
  await ctx.db.transaction().execute((trx) =>
    postEntry(trx, {
      kind: 'wallet',
      userId: Number(order.user_id),
      type: 'ADJUST',
      amount,
      key: `fixture:fund:${orderId}:${at}`,
      at,
    }),
  );
  try {
    await chargeWallet(ctx, Number(order.user_id), order);
    return true;
  } catch {
    return false;
  }
}
