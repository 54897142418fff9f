import type { AdminDashboardSummary, Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { lowStockSpecs } from '../catalogue';
import { openChatCount } from '../cs';
import { paidOrdersSince, pendingRefundCount } from '../order';
import { paymentsByChannelSince } from '../payment';
import { stuckDeliveryCount } from '../simcard';
import { pendingTransferCount } from '../transfer';
import { pendingRealNameCount } from '../user-info';

const DAY = 86_400_000;
export const DASHBOARD_DAYS = 14;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The console's first screen: paid orders and revenue today and on each of the last 14 days (UTC days),
 * payments by channel over those days, stock alerts, and the queues waiting for an operator. Each figure
 * comes from the module that owns it, through its service.
 */
export async function dashboardSummary(
  ctx: AppContext,
  locale: Locale,
  at = Date.now(),
): Promise<AdminDashboardSummary> {
  const today = Math.floor(at / DAY) * DAY;
  const since = today - (DASHBOARD_DAYS - 1) * DAY;
  const [paid, channels, stock, failures, chats, refunds, transfers, realName] = await Promise.all([
    paidOrdersSince(ctx, since),
    paymentsByChannelSince(ctx, since),
    lowStockSpecs(ctx, ctx.config.adminStockAlert, locale),
    stuckDeliveryCount(ctx),
    openChatCount(ctx),
    pendingRefundCount(ctx),
    pendingTransferCount(ctx),
    pendingRealNameCount(ctx),
  ]);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => ({
    day: dayOf(since + i * DAY),
    orders: 0,
    revenue: 0,
  }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  for (const p of paid) {
    const d = byDay.get(dayOf(p.paidAt));
    if (!d) continue;
    d.orders += 1;
    d.revenue += p.amount;
  }
  const last = days[days.length - 1]!;
  return {
    currency: ctx.config.currency,
    today: { orders: last.orders, revenue: last.revenue },
    days,
    paymentsByChannel: channels,
    stockAlerts: stock,
    deliveryFailures: failures,
    openChats: chats,
    pendingRefunds: refunds,
    pendingTransfers: transfers,
    pendingRealName: realName,
  };
}
