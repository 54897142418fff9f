import { invoiceChoice, minorPerMajor, type InvoiceChoice } from '@simshop/contracts';
import { z } from 'zod';
import { enqueueJob } from '../../jobs/runner';
import type { Db } from '../../platform/db';
import { pickField } from '../../platform/columns';
import { findOrderLines, type OrderRow } from '../order';
import { invoiceAmounts } from './invoice.amounts';
import { findChoice, findInvoiceOfOrder, insertInvoice, insertReturn } from './invoice.repository';

// The invoice module's writes that money decides (issue 28), called from flows/ only: a paid order's
// invoice (flows/order-payment, in the transaction that marks it paid) and the void or allowance of a
// refund (flows/order-refund, in the transaction that decides the refund). Each puts its retried job on
// the runner in the same transaction.

export const INVOICE_ISSUE_JOB = 'invoice.issue';
export const INVOICE_RETURN_JOB = 'invoice.return';

const DAY = 86_400_000;
/** Legal upload deadlines from the sale: 2 days for B2C, 7 days for B2B (統一發票使用辦法 art. 7/9-1). */
export const DEADLINE_MS = { B2C: 2 * DAY, B2B: 7 * DAY } as const;

/** A stored choice, or the shop's member carrier when none was made (or it no longer reads). */
export function parseChoice(text: string | undefined): InvoiceChoice {
  try {
    const r = invoiceChoice.safeParse(JSON.parse(text ?? 'null'));
    if (r.success) return r.data;
  } catch {
    // fall through
  }
  return { kind: 'member' };
}

const asText = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v ?? 'null'));

const titled = z.object({ title: z.string().optional() }).optional();
/** The part of an order line's goods snapshot an invoice reads: its titles per language. */
const snapshotTitles = z.object({
  texts: z.object({ en: titled, 'zh-Hans': titled, 'zh-Hant': titled, es: titled, fr: titled }).default({}),
});

/** A line's name on the invoice: the goods title in Traditional Chinese (else the fallback chain). */
function lineName(snapshot: unknown): string {
  try {
    const g = snapshotTitles.safeParse(JSON.parse(asText(snapshot)));
    const title = g.success ? pickField(g.data.texts, 'zh-Hant', 'title') : undefined;
    return (title ?? '商品').replace(/\|/g, '/').slice(0, 30);
  } catch {
    return '商品';
  }
}

/**
 * Writes the invoice of an order just paid (pending, amounts computed, deadline set) and puts it on the
 * issue job; a repeat finds it. Amounts in whole units of the currency (TWD). Returns the invoice id.
 */
export async function enqueueInvoice(
  trx: Db,
  order: Pick<OrderRow, 'id' | 'user_id' | 'shipping_amount' | 'total_amount' | 'currency'>,
  at: number,
) {
  const unit = minorPerMajor(order.currency);
  const orderId = Number(order.id);
  const userId = Number(order.user_id);
  const choice = parseChoice(
    (await findChoice(trx, userId, orderId))?.choice ?? (await findChoice(trx, userId, 0))?.choice,
  );
  const category = choice.kind === 'company' ? 'B2B' : 'B2C';
  const whole = (minor: number) => Math.round(Number(minor) / unit);
  const lines = (await findOrderLines(trx, [orderId])).map((l) => ({
    name: lineName(l.goods_snapshot),
    quantity: Number(l.quantity),
    amount: whole(Number(l.amount)),
    goodsType: Number(l.goods_type),
  }));
  const a = invoiceAmounts(
    category,
    lines,
    whole(Number(order.shipping_amount)),
    whole(Number(order.total_amount)),
  );
  const { id, created } = await insertInvoice(trx, {
    order_id: orderId,
    user_id: userId,
    category,
    choice: JSON.stringify(choice),
    state: 'pending',
    track_id: null,
    number: null,
    random_code: null,
    period: null,
    tax_type: a.taxType,
    sales_amount: a.amt,
    tax_amount: a.taxAmt,
    total_amount: a.totalAmt,
    lines: JSON.stringify(a),
    provider_ref: null,
    last_error: null,
    deadline: at + DEADLINE_MS[category],
    issued_at: null,
    voided_at: null,
    created_at: at,
    updated_at: at,
  });
  if (created)
    await enqueueJob(trx, INVOICE_ISSUE_JOB, { invoiceId: id }, { key: `${INVOICE_ISSUE_JOB}:${id}`, at });
  return id;
}

/**
 * A refund decided on an order (its key, e.g. `R<orderRefundId>`, and its amount in minor units): a void or
 * an allowance of the order's invoice, decided when the job runs (the invoice may not be issued yet).
 * Nothing when the order has no invoice (invoicing off, or never paid). Returns the job id, or null.
 */
export async function returnOnInvoice(
  trx: Db,
  orderId: number,
  refund: { key: string; amount: number },
  at: number,
) {
  const invoice = await findInvoiceOfOrder(trx, orderId);
  const currency = (
    await trx.selectFrom('shop_order').select('currency').where('id', '=', orderId).executeTakeFirst()
  )?.currency;
  const amount = Math.round(refund.amount / minorPerMajor(currency ?? 'TWD'));
  if (!invoice || amount <= 0) return null;
  const id = await insertReturn(trx, {
    invoice_id: Number(invoice.id),
    refund_key: refund.key,
    kind: 'allowance',
    amount,
    state: 'pending',
    number: null,
    last_error: null,
    created_at: at,
    updated_at: at,
  });
  return enqueueJob(trx, INVOICE_RETURN_JOB, { returnId: id }, { key: `${INVOICE_RETURN_JOB}:${id}`, at });
}
