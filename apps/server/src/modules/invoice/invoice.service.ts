import type {
  AdminInvoiceDocument,
  InvoiceChoice,
  InvoiceUploadState,
  Locale,
  OrderInvoice,
} from '@simshop/contracts';
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
  invoiceDocuments,
  moveInvoice,
  moveReturn,
  problemInvoices,
  problemReturns,
  returnsOf,
  saveChoice,
} from './invoice.repository';
import { allowanceAmounts } from './invoice.amounts';
import { blankNumbers, periodEnd, periodOf, periodStart } from './invoice.tracks';

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
  await keepOrderChoice(trx, userId, orderId, choice, at);
  await saveChoice(trx, userId, 0, JSON.stringify(choice), at);
}

/**
 * Keeps a choice for one order only, inside its checkout's transaction: for a choice the buyer did not make
 * (a company batch's company invoice), which must not become their choice next time.
 */
export async function keepOrderChoice(
  trx: Db,
  userId: number,
  orderId: number,
  choice: InvoiceChoice,
  at: number,
) {
  await saveChoice(trx, userId, orderId, JSON.stringify(choice), at);
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

type DocumentRow = Awaited<ReturnType<typeof invoiceDocuments>>['rows'][number];

/** Where a document's upload stands, from its state and whether its last try failed. */
function uploadOf(state: string, lastError: string | null): InvoiceUploadState {
  if (state === 'pending') return lastError === null ? 'waiting' : 'retrying';
  if (state === 'failed' || state === 'rejected') return state;
  return 'uploaded';
}

/** One listed document: a void's amount and tax are the whole invoice's, an allowance's tax its share. */
function documentOf(locale: Locale, now: number, r: DocumentRow): AdminInvoiceDocument {
  const kind = r.kind as AdminInvoiceDocument['kind'];
  const state = r.state as AdminInvoiceDocument['state'];
  const amount = kind === 'void' ? Number(r.invoice_amount) : Number(r.amount);
  const taxAmount = kind === 'allowance' ? allowanceAmounts(amount).taxAmt : Number(r.invoice_tax);
  return {
    id: Number(r.id),
    kind,
    orderId: Number(r.order_id),
    orderNo: r.order_no,
    category: r.category,
    number: r.number,
    invoiceNumber: r.invoice_number,
    amount,
    taxAmount,
    state,
    upload: uploadOf(state, r.last_error),
    late: kind === 'invoice' && ['pending', 'failed', 'rejected'].includes(state) && Number(r.deadline) < now,
    period: r.period ?? periodOf(Number(r.created_at)),
    at: iso(Number(r.at)),
    lastError: errorText(locale, r.last_error, now, r.number),
  };
}

/** Invoices, allowances and voids for operators, newest first, filtered by kind, state, period and order. */
export async function invoiceDocumentPage(
  ctx: AppContext,
  q: {
    page: number;
    size: number;
    documentKind?: AdminInvoiceDocument['kind'];
    documentState?: AdminInvoiceDocument['state'];
    period?: string;
    orderNo?: string;
  },
  locale: Locale,
) {
  const now = Date.now();
  const { period, documentKind: kind, documentState: state, ...rest } = q;
  const { rows, total } = await invoiceDocuments(ctx.db, {
    ...rest,
    ...(kind ? { kind } : {}),
    ...(state ? { state } : {}),
    ...(period ? { period: { name: period, from: periodStart(period), to: periodEnd(period) } } : {}),
  });
  return {
    list: rows.map((r) => documentOf(locale, now, r)),
    pagination: { page: q.page, size: q.size, total },
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
