import type { Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { now, type Db } from '../../platform/db';
import { fail, unauthorized } from '../../platform/errors';
import { formatMoney } from '../../platform/money';
import { forgetUploadsOf, removeUploadFiles } from '../../platform/upload';
import { forgetAddresses } from '../address';
import { forgetCart } from '../cart';
import { forgetReviewer, refreshGoods } from '../catalogue';
import { consumeCode } from '../code';
import { openMoneyOrder } from '../order';
import { moneyOwedOrder } from '../payment';
import { proofAwaitingOrder } from '../transfer';
import { ledgerBalance } from '../wallet';
import { anonymiseUser, findUser } from './user-info.repository';
import { DELETED_USER_NICKNAME } from './user-info.service';

// Closing an account (app/user/info/logoff). Its own file, mounted by the routes only: it reads the order,
// payment and transfer modules, which themselves read user-info's public face, so user-info's index must not.

/**
 * What keeps an account from closing (issue 25 defect 13): money or points held in it (wallet or points
 * balance not zero), or an order with the buyer's money in flight, each module answering for its own: the
 * order (a refund under way, paid and not yet delivered), its payments (money in on an unpaid order, a
 * refund still owed) and its bank transfer (a proof waiting for finance). The refusal says what to do: spend the
 * balance or ask customer service to pay it out; wait for the order, or ask customer service.
 */
async function assertNothingHeld(ctx: AppContext, db: Db, userId: number, locale: Locale) {
  const [wallet, points] = await Promise.all([
    ledgerBalance(db, 'wallet', userId),
    ledgerBalance(db, 'points', userId),
  ]);
  if (wallet !== 0 || points !== 0)
    fail('ACCOUNT_CLOSE_BALANCE_HELD', { wallet: formatMoney(locale, ctx.config.currency, wallet), points });
  // each module answers for what it holds: the order's own state, its payments, its bank transfer
  const open =
    (await openMoneyOrder(db, userId)) ??
    (await moneyOwedOrder(db, userId)) ??
    (await proofAwaitingOrder(db, userId));
  if (open) fail('ACCOUNT_CLOSE_ORDER_OPEN', { orderNo: open.orderNo });
}

/**
 * Deletes the account the way a shop must: confirmed by an SMS code (purpose `logoff`), the personal data
 * goes (phone, e-mail, WeChat link, password, names, identity documents, the address book, the cart, the
 * nickname/avatar/pictures copied onto reviews, every upload), every session ends, and the row stays as an
 * anonymous shell (status 2, `[deleted]`) so that orders, which keep their own snapshots and are kept for
 * the law, still add up in the books; operators see it among the customers as closed. The phone number is
 * free again: logging in with it later creates a new, unrelated account.
 *
 * Nothing of value is forfeited: while the wallet or points hold a balance, or an order has the buyer's money
 * in flight, closing is refused with what to do (assertNothingHeld), checked before the code is used and
 * again inside the closing transaction. What stays with the shell: customer-service chats and complaints are
 * kept as the shop's records (an open chat stays for an operator to close); SIM cards stay bound to the
 * closed account, so nobody else can bind them, and installed eSIMs keep working until their plan ends, but
 * the buyer can no longer see, top up or re-bind them.
 */
export async function logoff(
  ctx: AppContext,
  userId: number,
  smsCode: string,
  locale: Locale = 'en',
): Promise<null> {
  const user = await findUser(ctx.db, userId);
  if (!user || user.status !== 1) return unauthorized();
  const phone = user.phone ?? fail('PHONE_NOT_BOUND');
  await assertNothingHeld(ctx, ctx.db, userId, locale);
  await consumeCode(ctx, { channel: 'sms', target: phone, purpose: 'logoff', code: smsCode });
  const at = now();
  const forgotten = await ctx.db.transaction().execute(async (trx) => {
    if (!(await anonymiseUser(trx, userId, DELETED_USER_NICKNAME, at))) return null;
    // again, under the account row's lock: a top-up or refund that landed since the first check refuses it
    await assertNothingHeld(ctx, trx, userId, locale);
    await forgetAddresses(trx, userId);
    await forgetCart(trx, userId);
    const goodsIds = await forgetReviewer(trx, userId, DELETED_USER_NICKNAME);
    return { goodsIds, uploads: await forgetUploadsOf(trx, userId) };
  });
  if (!forgotten) return unauthorized();
  refreshGoods(ctx, forgotten.goodsIds);
  await removeUploadFiles(ctx.files, forgotten.uploads);
  await ctx.tokens.revokeSubject('app', userId);
  return null;
}
