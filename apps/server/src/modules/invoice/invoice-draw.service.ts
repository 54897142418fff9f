import type { AppContext } from '../../context';
import { parseChoice } from './commands';

// The winning-invoice check at each bimonthly draw (issue 28). The Ministry of Finance draws on the 25th of
// the month after each period and publishes: the special prize number (特別獎, NT$10,000,000, all 8 digits),
// the grand prize number (特獎, NT$2,000,000, all 8 digits), three first prize numbers (頭獎, NT$200,000 for
// all 8 digits, then the last 7 to 3 digits for the second to sixth prizes: 40,000, 10,000, 4,000, 1,000,
// 200) and any additional sixth prizes (增開六獎, NT$200, last 3 digits). An operator enters them; every
// issued, not voided B2C invoice of the period kept on the shop's member carrier is checked (invoices on a
// mobile barcode or citizen certificate are checked and paid out by the Ministry's platform, donated ones
// belong to the charity, company invoices take no part), and each winner's buyer is told by SMS once.

export type DrawNumbers = {
  period: string;
  special: string;
  grand: string;
  first: string[];
  extraSixth: string[];
};

const FIRST_TIERS = [
  { digits: 8, prize: 'first', amount: 200_000 },
  { digits: 7, prize: 'second', amount: 40_000 },
  { digits: 6, prize: 'third', amount: 10_000 },
  { digits: 5, prize: 'fourth', amount: 4_000 },
  { digits: 4, prize: 'fifth', amount: 1_000 },
  { digits: 3, prize: 'sixth', amount: 200 },
] as const;

/** The best prize an 8-digit invoice number wins in a draw, or null. */
export function prizeOf(
  digits: string,
  d: Omit<DrawNumbers, 'period'>,
): { prize: string; amount: number } | null {
  if (digits === d.special) return { prize: 'special', amount: 10_000_000 };
  if (digits === d.grand) return { prize: 'grand', amount: 2_000_000 };
  for (const tier of FIRST_TIERS)
    if (d.first.some((f) => f.slice(-tier.digits) === digits.slice(-tier.digits)))
      return { prize: tier.prize, amount: tier.amount };
  if (d.extraSixth.some((x) => x === digits.slice(-3))) return { prize: 'extraSixth', amount: 200 };
  return null;
}

const periodName = (p: string) =>
  `${p.slice(0, 4)}/${p.slice(4)}-${String(Number(p.slice(4)) + 1).padStart(2, '0')}`;

/** Checks the period's member-carrier invoices against the draw; records and notifies new winners. */
export async function checkDraw(ctx: AppContext, d: DrawNumbers) {
  const at = Date.now();
  const rows = await ctx.db
    .selectFrom('invoice')
    .innerJoin('shop_order', 'shop_order.id', 'invoice.order_id')
    .innerJoin('user', 'user.id', 'invoice.user_id')
    .select(['invoice.id', 'invoice.number', 'invoice.choice', 'shop_order.order_no', 'user.phone'])
    .where('invoice.period', '=', d.period)
    .where('invoice.state', '=', 'issued')
    .where('invoice.category', '=', 'B2C')
    .execute();
  const winners: { orderNo: string; number: string; prize: string; amount: number; notified: boolean }[] = [];
  for (const r of rows) {
    if (!r.number || parseChoice(r.choice).kind !== 'member') continue;
    const won = prizeOf(r.number.slice(2), d);
    if (!won) continue;
    const seen = await ctx.db
      .selectFrom('invoice_prize')
      .select(['id', 'notified_at'])
      .where('invoice_id', '=', r.id)
      .executeTakeFirst();
    const prizeId =
      seen?.id ??
      (
        await ctx.db
          .insertInto('invoice_prize')
          .values({
            invoice_id: r.id,
            period: d.period,
            prize: won.prize,
            amount: won.amount,
            notified_at: null,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    let notified = seen?.notified_at !== null && seen?.notified_at !== undefined;
    if (!notified && r.phone) {
      await ctx.providers.sms.send(
        r.phone,
        `SimShop: your e-invoice ${r.number} (order ${r.order_no}) won NT$${won.amount.toLocaleString('en')} in the ${periodName(d.period)} draw. 您的電子發票 ${r.number} 中獎 NT$${won.amount}。`,
      );
      await ctx.db.updateTable('invoice_prize').set({ notified_at: at }).where('id', '=', prizeId).execute();
      notified = true;
    }
    winners.push({ orderNo: r.order_no, number: r.number, prize: won.prize, amount: won.amount, notified });
  }
  return { checked: rows.length, winners };
}
