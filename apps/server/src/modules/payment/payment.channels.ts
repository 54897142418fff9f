import { ORDER_STATUS } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { ChannelCode, PaymentChannel } from '../../providers/payments/channel';
import { fail } from '../../platform/errors';
import { payWayAvailable } from '../../platform/pay-ways';

/** The configured adapter of a channel, or PAY_CHANNEL_UNAVAILABLE (in the caller's language). */
export function channelOf(ctx: AppContext, code: ChannelCode, method?: string | null): PaymentChannel {
  const ch = payWayAvailable(ctx, code) ? ctx.providers.payments[code] : undefined;
  // a TapPay wallet (Apple Pay, Google Pay, LINE Pay, JKO Pay) only while the shop offers it: the page never
  // shows one it does not, and a hand-made call is refused the same way
  if (ch && code === 'tappay' && method && !ctx.config.wallets.offered.some((w) => w === method))
    return fail('PAY_CHANNEL_UNAVAILABLE');
  return ch ?? fail('PAY_CHANNEL_UNAVAILABLE');
}

/** Where the browser lands after the provider's page: an order's result, or a wallet top-up's. */
export function resultPath(orderId: number | null, topupId: number | null = null) {
  if (orderId) return `/pages/simpay/viewback?orderId=${orderId}`;
  if (topupId) return `/pages/wallet/recharge?topupId=${topupId}`;
  return '/pages/simpay/viewback';
}

/** Absolute URLs of our callbacks per channel (the routes of payment.routes.ts). */
export function callbackUrls(
  ctx: AppContext,
  code: ChannelCode,
  orderId: number | null,
  topupId: number | null = null,
) {
  const api = `${ctx.config.publicUrl}/api`;
  const back = `${ctx.config.publicUrl}${resultPath(orderId, topupId)}`;
  switch (code) {
    case 'wechat':
      return { notifyUrl: `${api}/app/order/pay/wxNotify`, returnUrl: back };
    case 'alipay':
      return { notifyUrl: `${api}/app/order/pay/alipayNotify`, returnUrl: back };
    case 'tappay':
      return { notifyUrl: `${api}/app/order/tappay/notify`, returnUrl: back };
    case 'newebpay':
      return {
        notifyUrl: `${api}/app/order/newebpay/notify`,
        returnUrl: `${api}/app/order/newebpay/return`,
        customerUrl: `${api}/app/order/newebpay/customer`,
      };
  }
}

export const S = ORDER_STATUS;
