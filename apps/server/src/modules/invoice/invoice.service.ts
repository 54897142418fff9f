import type { InvoiceChoice, Locale, OrderInvoice } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { enqueueJob } from '../../jobs/runner';
import { iso } from '../../platform/columns';
import { fail } from '../../platform/errors';
import { t } from '../../platform/messages';
import { INVOICE_ISSUE_JOB, INVOICE_RETURN_JOB, parseChoice } from './commands';
import {
  findChoice,
  findInvoice,
  findInvoiceOfOrder,
  findReturn,
  moveInvoice,
  moveReturn,
  problemInvoices,
  problemReturns,
  returnsOf,
  saveChoice,
} from './invoice.repository';
import { blankNumbers, periodOf } from './invoice.tracks';

// E-invoices as buyers and operators see them (issue 28).

/**
 * Keeps the buyer's choice for an order and as their choice next time, inside checkout's transaction (the
 * order and its choice are written together or not at all).
 */
export async function rememberChoice(
  trx: Db,
  userId: number,
  orderId: number,
  choice: InvoiceChoice,
  at: number,
) {
  const text = JSON.stringify(choice);
  await saveChoice(trx, userId, orderId, text, at);
  await saveChoice(trx, userId, 0, text, at);
}

/** The buyer's remembered choice, or null. */
export async function rememberedChoice(ctx: AppContext, userId: number) {
  const row = await findChoice(ctx.db, userId, 0);
  return { choice: row ? parseChoice(row.choice) : null };
}

/** The invoice of the caller's order (null: none yet, or invoicing off); NOT_FOUND for another's order. */
export async function orderInvoiceOf(
  ctx: AppContext,
  userId: number,
  orderId: number,
): Promise<{ invoice: OrderInvoice | null }> {
  const inv = await findInvoiceOfOrder(ctx.db, orderId);
  if (inv && Number(inv.user_id) !== userId) return fail('NOT_FOUND');
  if (!inv) {
    const own = await ctx.db
      .selectFrom('shop_order')
      .select('id')
      .where('id', '=', orderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return own ? { invoice: null } : fail('NOT_FOUND');
  }
  const returns = await returnsOf(ctx.db, Number(inv.id));
  const shown = inv.state === 'issued' || inv.state === 'voided';
  return {
    invoice: {
      state: inv.state,
      category: inv.category,
      number: shown ? inv.number : null,
      randomCode: shown ? inv.random_code : null,
      issuedAt: inv.issued_at === null ? null : iso(Number(inv.issued_at)),
      choice: parseChoice(inv.choice),
      amount: Number(inv.total_amount),
      salesAmount: Number(inv.sales_amount),
      taxAmount: Number(inv.tax_amount),
      allowances: returns
        .filter((r) => r.kind === 'allowance')
        .map((r) => ({ number: r.number, amount: Number(r.amount), state: r.state })),
    },
  };
}

// ---------------------------------------------------------------- operators

/** Errors the issue job stores by our code (with a number after ": " for some), said in a language. */
const OWN_ERRORS = new Set([
  'INVOICE_TRACK_EXHAUSTED',
  'INVOICE_TRACK_UNREGISTERED',
  'INVOICE_NUMBER_UNREGISTERED',
  'INVOICE_NUMBER_REUSED',
]);

/** A stored error in the operator's language when it is one of ours, else as stored (the provider's). */
function errorText(locale: Locale, e: string | null, now: number, number: string | null) {
  if (e === null) return null;
  const [code = '', detail] = e.split(': ');
  if (!OWN_ERRORS.has(code)) return e;
  return t(locale, code, { period: periodOf(now), number: detail ?? number ?? '' });
}

export async function invoiceProblems(ctx: AppContext, locale: Locale) {
  const now = Date.now();
  const [invoices, returns] = await Promise.all([problemInvoices(ctx.db, now), problemReturns(ctx.db)]);
  type Row = Omit<(typeof invoices)[number], 'state'> & { state: string };
  const row = (kind: 'invoice' | 'return') => (r: Row) => ({
    id: Number(r.id),
    kind,
    orderId: Number(r.order_id),
    orderNo: r.order_no,
    category: r.category,
    state: r.state,
    late: kind === 'invoice' && r.state !== 'issued' && Number(r.deadline) < now,
    number: r.number,
    amount: Number(r.total_amount),
    deadline: iso(Number(r.deadline)),
    lastError: errorText(locale, r.last_error, now, r.number),
  });
  return {
    list: [
      ...invoices.map(row('invoice')),
      ...returns.map((r) => row('return')({ ...r, total_amount: r.amount })),
    ],
  };
}

/** Puts a failed or rejected invoice (or return) back on its job, keeping its number; tried at once. */
export async function retryInvoice(ctx: AppContext, req: { id: number; kind: 'invoice' | 'return' }) {
  const at = Date.now();
  let jobId: number;
  if (req.kind === 'invoice') {
    const inv = (await findInvoice(ctx.db, req.id)) ?? fail('INVOICE_NOT_FOUND');
    // a pending one is retried too (an exhausted track just loaded): its job may be waiting for its backoff
    if (!['failed', 'rejected', 'pending'].includes(inv.state)) fail('INVOICE_STATE_INVALID');
    jobId = await ctx.db.transaction().execute(async (trx) => {
      await moveInvoice(trx, req.id, ['failed', 'rejected', 'pending'], { state: 'pending' }, at);
      return enqueueJob(
        trx,
        INVOICE_ISSUE_JOB,
        { invoiceId: req.id },
        { key: `${INVOICE_ISSUE_JOB}:${req.id}:retry:${at}`, at },
      );
    });
  } else {
    const ret = (await findReturn(ctx.db, req.id)) ?? fail('INVOICE_NOT_FOUND');
    if (!['failed', 'rejected', 'pending'].includes(ret.state)) fail('INVOICE_STATE_INVALID');
    jobId = await ctx.db.transaction().execute(async (trx) => {
      await moveReturn(trx, req.id, ['failed', 'rejected', 'pending'], { state: 'pending' }, at);
      return enqueueJob(
        trx,
        INVOICE_RETURN_JOB,
        { returnId: req.id },
        { key: `${INVOICE_RETURN_JOB}:${req.id}:retry:${at}`, at },
      );
    });
  }
  await ctx.jobs.runJob(jobId);
  return { id: req.id };
}

export async function blankReport(ctx: AppContext) {
  return { list: await blankNumbers(ctx.db, Date.now()) };
}
