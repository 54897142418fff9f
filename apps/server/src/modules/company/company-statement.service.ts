import { stringify } from 'csv-stringify/sync';
import type { CompanyStatement, Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { orderInvoiceOf } from '../invoice';
import { iso } from '../../platform/columns';
import { loadDictData } from '../dict';
import { approvedRefundsOf, decimalAmount, orderDetail } from '../order';
import { paidWaysOfOrders } from '../payment';
import { cardsOfOrders, fleetCardViews } from '../simcard';
import { seatOf } from './company-members.service';
import { batchesOf } from './company.repository';

// The monthly statement of a company (UTC month): its batch orders paid in the month, the refunds decided in
// it, and the usage of the eSIMs its batches bought; as JSON for the printable page and as CSV (UTF-8 with
// BOM, like the order export) for the accountant.

const MB = 1024 * 1024;

/** The instants a month (YYYY-MM, checked by the request schema) starts and ends. */
const monthRange = (month: string) => {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return [Date.UTC(y, m - 1, 1), Date.UTC(y, m, 1)] as const;
};

/** The statement of `month` (YYYY-MM) for the owner, buyers and approvers. */
export async function companyStatement(
  ctx: AppContext,
  userId: number,
  month: string,
  locale: Locale,
): Promise<CompanyStatement> {
  const seat = await seatOf(ctx, userId, ['owner', 'buyer', 'approver']);
  const [from, to] = monthRange(month);
  const owner = Number(seat.company.owner_user_id);
  const batches = await batchesOf(ctx.db, Number(seat.company.id));
  const lines: CompanyStatement['lines'] = [];
  const within = (s: string | null): s is string => s !== null && Date.parse(s) >= from && Date.parse(s) < to;
  // every refund decided in the month (partial ones too), named as the console's order page names it: the
  // refundReason dictionary's name in the reader's language, else the reason as recorded (a shop's own)
  const refunds = await approvedRefundsOf(
    ctx.db,
    batches.map((b) => Number(b.order_id)),
  );
  const reasons = (await loadDictData(ctx.db, ['refundReason'], locale)).refundReason ?? [];
  const reasonName = (value: string) => reasons.find((d) => d.value === value)?.name ?? value;
  for (const b of batches) {
    const o = await orderDetail(ctx, owner, Number(b.order_id), locale, paidWaysOfOrders);
    const title = o.lines.map((l) => `${l.title} ${l.specName} x${l.quantity}`.trim()).join('; ');
    // the refund's allowance or void rides on the same invoice: both lines name it
    const invoiceNo = (await orderInvoiceOf(ctx, owner, o.id)).invoice?.number ?? null;
    if (within(o.paidAt))
      lines.push({
        kind: 'order',
        at: o.paidAt,
        orderNo: o.orderNo,
        invoiceNo,
        description: title,
        amount: o.payableAmount,
      });
    for (const r of refunds) {
      const at = r.decided_at === null ? null : iso(Number(r.decided_at));
      if (Number(r.order_id) !== o.id || !within(at)) continue;
      lines.push({
        kind: 'refund',
        at,
        orderNo: o.orderNo,
        invoiceNo,
        description: reasonName(r.reason),
        amount: -Number(r.amount),
      });
    }
  }
  lines.sort((a, b) => a.at.localeCompare(b.at));
  const cards = await cardsOfOrders(
    ctx.db,
    batches.map((b) => Number(b.order_id)),
  );
  const views = await fleetCardViews(
    ctx,
    cards.map((c) => c.iccid),
    locale,
  );
  const usedBytes = views.reduce((s, v) => s + v.dataUsedBytes, 0);
  return {
    company: seat.company.name,
    month,
    currency: ctx.config.currency,
    lines,
    ordersTotal: lines.filter((l) => l.kind === 'order').reduce((s, l) => s + l.amount, 0),
    refundsTotal: lines.filter((l) => l.kind === 'refund').reduce((s, l) => s + l.amount, 0),
    cards: views.length,
    usedMb: Math.round((usedBytes / MB) * 100) / 100,
  };
}

/** The statement as CSV: one row per order or refund, then the totals and the usage. */
export async function companyStatementCsv(ctx: AppContext, userId: number, month: string, locale: Locale) {
  const s = await companyStatement(ctx, userId, month, locale);
  const money = (n: number) => decimalAmount(s.currency, n);
  const rows: (string | number)[][] = [
    ['kind', 'at', 'order_no', 'invoice_no', 'description', `amount_${s.currency}`],
    ...s.lines.map((l) => [l.kind, l.at, l.orderNo, l.invoiceNo ?? '', l.description, money(l.amount)]),
    ['orders_total', '', '', '', '', money(s.ordersTotal)],
    ['refunds_total', '', '', '', '', money(s.refundsTotal)],
    ['esims', '', '', '', '', s.cards],
    ['data_used_mb', '', '', '', '', s.usedMb],
  ];
  return `\uFEFF${stringify(rows, { record_delimiter: 'windows' })}`;
}
