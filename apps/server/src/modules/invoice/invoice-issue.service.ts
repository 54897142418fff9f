import type { InvoiceChoice } from '@simshop/contracts';
import type { AppContext } from '../../context';
import type { RetriedJob } from '../../jobs/runner';
import {
  InvoiceProviderUnavailable,
  type InvoiceProvider,
  type IssueRequest,
} from '../../providers/invoice/invoice-provider';
import { isUniqueViolation } from '../../platform/db';
import { invoiceBuyerOf } from '../user-info';
import { allowanceAmounts, invoiceAmountsSchema, TAX_RATE } from './invoice.amounts';
import {
  findInvoice,
  findReturn,
  moveInvoice,
  moveReturn,
  orderNoOf,
  returnsOf,
  type InvoiceReturnRow,
  type InvoiceRow,
} from './invoice.repository';
import { advanceTrack, periodOf, roomLeft, trackOf, unregisteredRoom } from './invoice.tracks';
import { INVOICE_ISSUE_JOB, INVOICE_RETURN_JOB, parseChoice } from './commands';

// The two retried jobs of e-invoices (issue 28). `invoice.issue`: issues the invoice at the provider, which
// numbers it from the tracks registered with it; the answer's number is recorded only after it is checked
// against the shop's register (invoice.tracks.ts): in a loaded track of the period, never a number another
// invoice holds (unique index). It asks the provider first when an earlier try may have reached it.
// `invoice.return`: voids the invoice or issues an allowance for a refund. A provider's refusal stops the
// job with the invoice `rejected` for an operator; an unreachable provider or no number left (the register
// has no room, or the provider says so) is retried with backoff, and after the last try the invoice is
// `failed`. Operators see all three (and late ones, and numbers outside the register) and can retry. No
// number left is most often a track loaded here that ezPay does not have (its registration failed or is
// under way, invoice-tracks.service.ts): the invoice waits with INVOICE_TRACK_UNREGISTERED then.

/** About 2 days of tries (backoff up to an hour): the B2C upload deadline. */
export const INVOICE_MAX_ATTEMPTS = 60;
const backoffMs = (attempt: number) => Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempt - 1));

/** Thrown to retry: no number is left in the period's tracks; the invoice waits for an operator's load. */
class TrackExhausted extends Error {}

const providerOf = (ctx: AppContext): InvoiceProvider => {
  if (!ctx.providers.invoice) throw new Error('e-invoices are off (INVOICE_ENABLED)');
  return ctx.providers.invoice;
};

/** What the provider is told of the buyer, from the choice. */
function buyerFields(
  choice: InvoiceChoice,
  buyer: { nickname: string; email: string | null; publicId: string } | null,
): Pick<
  IssueRequest,
  'buyerName' | 'buyerUbn' | 'carrierType' | 'carrierNum' | 'loveCode' | 'printFlag' | 'buyerEmail'
> {
  const base = {
    buyerName: (buyer?.nickname ?? 'Buyer').slice(0, 30),
    buyerUbn: '',
    buyerEmail: buyer?.email ?? '',
    carrierType: '' as const,
    carrierNum: '',
    loveCode: '',
    printFlag: 'N' as const,
  };
  switch (choice.kind) {
    case 'mobile':
      return { ...base, carrierType: '0', carrierNum: choice.code };
    case 'certificate':
      return { ...base, carrierType: '1', carrierNum: choice.code };
    case 'member':
      return { ...base, carrierType: '2', carrierNum: buyer?.publicId ?? '' };
    case 'donation':
      return { ...base, loveCode: choice.loveCode };
    case 'company':
      return { ...base, buyerName: choice.title, buyerUbn: choice.ubn, printFlag: 'Y' };
  }
}

/** What the provider answered about an invoice it issued. */
type Issued = { invoiceNumber: string; randomNum: string; transNo: string };

/**
 * Records an issued invoice's number after checking it against the register: the track it falls in (of
 * the period at the call or at the answer) is moved past it in the same transaction; a number in no loaded
 * track is still recorded (the invoice exists at the provider) with INVOICE_NUMBER_UNREGISTERED for an
 * operator; a number another invoice holds is refused by the unique index and the invoice is rejected with
 * INVOICE_NUMBER_REUSED (never recorded twice).
 */
async function recordIssued(ctx: AppContext, inv: InvoiceRow, res: Issued, asked: number) {
  const at = Date.now();
  const periods = [...new Set([periodOf(asked), periodOf(at)])];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const track = await trackOf(trx, res.invoiceNumber, periods);
      await moveInvoice(
        trx,
        Number(inv.id),
        ['pending'],
        {
          state: 'issued',
          number: res.invoiceNumber,
          track_id: track ? Number(track.id) : null,
          period: track?.period ?? periodOf(asked),
          random_code: res.randomNum,
          provider_ref: res.transNo,
          issued_at: at,
          last_error: track ? null : 'INVOICE_NUMBER_UNREGISTERED',
        },
        at,
      );
      if (track) await advanceTrack(trx, Number(track.id), res.invoiceNumber, at);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await moveInvoice(
      ctx.db,
      Number(inv.id),
      ['pending'],
      { state: 'rejected', last_error: `INVOICE_NUMBER_REUSED: ${res.invoiceNumber}` },
      at,
    );
    return 'rejected';
  }
  return 'issued';
}

/** One try at issuing an invoice; throws to be retried. */
export async function issueInvoice(ctx: AppContext, invoiceId: number) {
  const inv = await findInvoice(ctx.db, invoiceId);
  if (!inv || inv.state !== 'pending') return inv?.state ?? null;
  const at = Date.now();
  const provider = providerOf(ctx);
  const orderNo = (await orderNoOf(ctx.db, Number(inv.order_id))) ?? String(inv.order_id);
  const amounts = invoiceAmountsSchema.parse(JSON.parse(inv.lines));
  const waitForTrack = async () => {
    // a track of the period loaded here but not registered with ezPay (yet) is the likelier why
    const why = (await unregisteredRoom(ctx.db, periodOf(at)))
      ? 'INVOICE_TRACK_UNREGISTERED'
      : 'INVOICE_TRACK_EXHAUSTED';
    await moveInvoice(ctx.db, invoiceId, ['pending'], { last_error: why }, at);
    return new TrackExhausted(`no invoice number left for period ${periodOf(at)}`);
  };
  await ctx.db
    .updateTable('invoice')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: at }))
    .where('id', '=', invoiceId)
    .execute();
  try {
    // an earlier try may have reached the provider and lost its answer: ask before issuing again
    if (Number(inv.attempts) > 0) {
      const seen = await provider.query({ merchantOrderNo: orderNo, totalAmt: Number(inv.total_amount) });
      if (seen.ok && seen.found) return await recordIssued(ctx, inv, seen, at);
    }
    // the register has no number left for the period: the provider has none either (same tracks)
    if (!(await roomLeft(ctx.db, periodOf(at)))) throw await waitForTrack();
    const res = await provider.issue({
      merchantOrderNo: orderNo,
      category: inv.category,
      ...buyerFields(parseChoice(inv.choice), await invoiceBuyerOf(ctx, Number(inv.user_id))),
      taxType: amounts.taxType,
      taxRate: TAX_RATE,
      amt: amounts.amt,
      amtSales: amounts.amtSales,
      amtZero: amounts.amtZero,
      amtFree: amounts.amtFree,
      taxAmt: amounts.taxAmt,
      totalAmt: amounts.totalAmt,
      items: amounts.items,
    });
    if (!res.ok) {
      if (res.noNumber) throw await waitForTrack();
      await moveInvoice(
        ctx.db,
        invoiceId,
        ['pending'],
        { state: 'rejected', last_error: `${res.code}: ${res.message}` },
        at,
      );
      return 'rejected';
    }
    return await recordIssued(ctx, inv, res, at);
  } catch (err) {
    if (err instanceof InvoiceProviderUnavailable)
      await moveInvoice(ctx.db, invoiceId, ['pending'], { last_error: err.message }, at);
    throw err;
  }
}

/** The invoice as the provider knows it, for checking the answers of void and allowance. */
const refOf = (inv: InvoiceRow, orderNo: string) => ({
  invoiceNumber: inv.number ?? '',
  merchantOrderNo: orderNo,
  transNo: inv.provider_ref ?? '',
  randomNum: inv.random_code ?? '',
  totalAmt: Number(inv.total_amount),
});

/**
 * One try at a refund's void or allowance. A void when the refund takes the whole invoice back, within the
 * invoice's own period (before it is filed and drawn) and with no allowance on it; otherwise an allowance
 * of the refunded amount (at most what the invoice has left). Waits (throws) while the invoice is pending.
 */
export async function returnOnIssued(ctx: AppContext, returnId: number) {
  const ret = await findReturn(ctx.db, returnId);
  if (!ret || ret.state !== 'pending') return ret?.state ?? null;
  const inv = await findInvoice(ctx.db, Number(ret.invoice_id));
  if (!inv) return null;
  const at = Date.now();
  if (inv.state === 'voided') {
    await moveReturn(ctx.db, returnId, ['pending'], { state: 'done', kind: 'void' }, at);
    return 'done';
  }
  if (inv.state !== 'issued') {
    if (inv.state === 'pending') throw new Error(`invoice ${inv.id} not issued yet: the return waits`);
    await moveReturn(
      ctx.db,
      returnId,
      ['pending'],
      { state: 'rejected', last_error: `invoice ${inv.state}` },
      at,
    );
    return 'rejected';
  }
  const others = (await returnsOf(ctx.db, Number(inv.id))).filter(
    (r: InvoiceReturnRow) => r.state === 'done' && Number(r.id) !== returnId,
  );
  const left = Number(inv.total_amount) - others.reduce((s, r) => s + Number(r.amount), 0);
  const whole = Number(ret.amount) >= Number(inv.total_amount) && others.length === 0;
  const provider = providerOf(ctx);
  const ref = refOf(inv, (await orderNoOf(ctx.db, Number(inv.order_id))) ?? '');
  if (whole && inv.period === periodOf(at)) {
    const res = await provider.void({ ...ref, reason: 'refund' });
    if (!res.ok) {
      await moveReturn(
        ctx.db,
        returnId,
        ['pending'],
        { state: 'rejected', kind: 'void', last_error: `${res.code}: ${res.message}` },
        at,
      );
      return 'rejected';
    }
    await ctx.db.transaction().execute(async (trx) => {
      await moveReturn(trx, returnId, ['pending'], { state: 'done', kind: 'void', last_error: null }, at);
      await moveInvoice(trx, Number(inv.id), ['issued'], { state: 'voided', voided_at: at }, at);
    });
    return 'done';
  }
  const amount = Math.min(Number(ret.amount), left);
  if (amount <= 0) {
    await moveReturn(
      ctx.db,
      returnId,
      ['pending'],
      { state: 'rejected', last_error: 'nothing left on the invoice' },
      at,
    );
    return 'rejected';
  }
  const a = allowanceAmounts(amount);
  const res = await provider.allowance({
    ...ref,
    items: [{ name: '退款折讓', count: 1, unit: '式', price: a.amt, amount: a.amt, taxAmt: a.taxAmt }],
    amt: a.amt,
    taxAmt: a.taxAmt,
    buyerEmail: (await invoiceBuyerOf(ctx, Number(inv.user_id)))?.email ?? '',
  });
  if (!res.ok) {
    await moveReturn(
      ctx.db,
      returnId,
      ['pending'],
      { state: 'rejected', last_error: `${res.code}: ${res.message}` },
      at,
    );
    return 'rejected';
  }
  await moveReturn(
    ctx.db,
    returnId,
    ['pending'],
    { state: 'done', kind: 'allowance', amount, number: res.allowanceNo, last_error: null },
    at,
  );
  return 'done';
}

/** The module's retried jobs, registered by jobs/index.ts. */
export function invoiceJobs(ctx: AppContext): {
  issue: RetriedJob<{ invoiceId: number }>;
  ret: RetriedJob<{ returnId: number }>;
} {
  return {
    issue: {
      kind: INVOICE_ISSUE_JOB,
      maxAttempts: INVOICE_MAX_ATTEMPTS,
      backoffMs,
      async run({ invoiceId }) {
        await issueInvoice(ctx, invoiceId);
      },
      async onGiveUp({ invoiceId }, err) {
        const why = err instanceof Error ? err.message : String(err);
        await moveInvoice(ctx.db, invoiceId, ['pending'], { state: 'failed', last_error: why }, Date.now());
      },
    },
    ret: {
      kind: INVOICE_RETURN_JOB,
      maxAttempts: INVOICE_MAX_ATTEMPTS,
      backoffMs,
      async run({ returnId }) {
        await returnOnIssued(ctx, returnId);
      },
      async onGiveUp({ returnId }, err) {
        const why = err instanceof Error ? err.message : String(err);
        await moveReturn(ctx.db, returnId, ['pending'], { state: 'failed', last_error: why }, Date.now());
      },
    },
  };
}
