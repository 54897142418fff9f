import type { PayWayCode } from '@simshop/contracts';
import type { AppContext } from '../context';
import type { ChannelCode } from '../providers/payments/channel';
import { fail } from './errors';

export const CHANNEL_CODES: readonly ChannelCode[] = ['wechat', 'alipay', 'tappay', 'newebpay'];
export const isChannelCode = (v: string): v is ChannelCode =>
  (CHANNEL_CODES as readonly string[]).includes(v);

/** A pay way is offered when the deployment lists it and, for an outside channel, its adapter is configured. */
export function payWayAvailable(ctx: AppContext, code: PayWayCode) {
  if (!ctx.config.payWays.includes(code)) return false;
  return isChannelCode(code) ? ctx.providers.payments[code] !== undefined : true;
}

/**
 * What a buyer may pay with, of the pay ways their goods all accept: those the shop offers now, and bank
 * transfer for company accounts only. One rule for checkout (its choices and the order it opens) and for the
 * pay step of an open order, so checkout never takes a pay way the order could not then be paid with.
 */
export const buyerPayWays = (ctx: AppContext, goodsWays: PayWayCode[], buyerKind: string | null) =>
  goodsWays.filter((w) => payWayAvailable(ctx, w) && (w !== 'transfer' || buyerKind === 'company'));

/** Refuses `code` unless it is among `ways` (buyerPayWays'): bank transfer by a non-company is said as such. */
export function assertBuyerPayWay(ways: PayWayCode[], code: PayWayCode, buyerKind: string | null) {
  if (!ways.includes(code))
    fail(
      code === 'transfer' && buyerKind !== 'company' ? 'TRANSFER_COMPANY_ONLY' : 'ORDER_PAY_WAY_UNSUPPORTED',
    );
}
