import { isValidUbn } from '@simshop/contracts';
import { XMLBuilder } from 'fast-xml-parser';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { blankNumbers, periodEnd } from './invoice.tracks';

// Blank numbers filed (空白未使用字軌, issue 28). The numbers a period's tracks left unused must be reported
// to the Ministry of Finance's platform by the 10th of the month after the period ends. No ezPay API for
// filing them was found (providers/invoice/ezpay.wire.ts lists what was read), so the shop produces the
// message a Turnkey upload takes: MIG 4.1 E0402 "BranchTrackBlank" (namespace
// urn:GEINV:eInvoiceMessage:E0402:4.1), one per period and track prefix, downloaded from the console.
//
// Field rules applied (MIG 4.1 E0402 as implemented by the public Turnkey clients read: the generated
// Model.Schema.TurnKey.E0402 classes of an eInvoice service in C#, a Go InvoiceXml package and a Python
// generator that validates against the E0402 XSD; the Ministry's own MIG text was not reachable):
// - Main: HeadBan and BranchBan, the seller's 8-digit unified business number (a valid checksum; the same
//   number for a seller without branches); InvoiceType 07 (一般稅額計算) or 08 (特種稅額計算); YearMonth the
//   period as ROC year (3 digits) + its even month (e.g. 11512 for November-December 2026); InvoiceTrack the
//   track's 2 capital letters.
// - Details: one BranchTrackBlankItem per unused range, InvoiceBeginNo and InvoiceEndNo 8 digits each,
//   begin <= end, ascending and not overlapping.

export const E0402_NAMESPACE = 'urn:GEINV:eInvoiceMessage:E0402:4.1';

export type BlankMessage = {
  sellerUbn: string;
  invoiceType: '07' | '08';
  /** yyyymm of the period's first (odd) month. */
  period: string;
  prefix: string;
  ranges: { start: number; end: number }[];
};

/** MIG 4.1's YearMonth of a period: ROC year (3 digits) and the period's even month. */
export function migYearMonth(period: string) {
  const year = Number(period.slice(0, 4)) - 1911;
  const month = Number(period.slice(4, 6)) + 1;
  return `${String(year).padStart(3, '0')}${String(month).padStart(2, '0')}`;
}

const eight = (n: number) => String(n).padStart(8, '0');

/** Which MIG 4.1 field rules a message breaks (empty when none). */
export function e0402Problems(m: BlankMessage): string[] {
  const out: string[] = [];
  if (!/^\d{8}$/.test(m.sellerUbn) || !isValidUbn(m.sellerUbn))
    out.push('HeadBan/BranchBan: not a valid UBN');
  if (m.invoiceType !== '07' && m.invoiceType !== '08') out.push('InvoiceType: 07 or 08');
  if (!/^\d{4}(0[13579]|11)$/.test(m.period)) out.push('YearMonth: not a two-month period');
  if (!/^[A-Z]{2}$/.test(m.prefix)) out.push('InvoiceTrack: 2 capital letters');
  if (m.ranges.length === 0) out.push('Details: at least one BranchTrackBlankItem');
  let last = -1;
  for (const r of m.ranges) {
    const ok = [r.start, r.end].every((n) => Number.isInteger(n) && n >= 0 && n <= 99_999_999);
    if (!ok) out.push(`InvoiceBeginNo/InvoiceEndNo: 8 digits (${r.start}-${r.end})`);
    if (r.start > r.end) out.push(`InvoiceBeginNo after InvoiceEndNo (${eight(r.start)}-${eight(r.end)})`);
    if (r.start <= last) out.push(`ranges must ascend without overlap (${eight(r.start)})`);
    last = r.end;
  }
  return out;
}

const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: false });

/** The E0402 XML of a period's blank numbers of one track prefix; throws on a broken field rule. */
export function e0402Xml(m: BlankMessage): string {
  const problems = e0402Problems(m);
  if (problems.length > 0) throw new Error(`E0402 breaks MIG 4.1: ${problems.join('; ')}`);
  const body = builder.build({
    BranchTrackBlank: {
      '@_xmlns': E0402_NAMESPACE,
      Main: {
        HeadBan: m.sellerUbn,
        BranchBan: m.sellerUbn,
        InvoiceType: m.invoiceType,
        YearMonth: migYearMonth(m.period),
        InvoiceTrack: m.prefix,
      },
      Details: {
        BranchTrackBlankItem: m.ranges.map((r) => ({
          InvoiceBeginNo: eight(r.start),
          InvoiceEndNo: eight(r.end),
        })),
      },
    },
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/**
 * The console's download: the E0402 message of one ended period and prefix. Refused in the operator's
 * language when the seller's UBN is not configured, the period has not ended, or it left nothing blank.
 */
export async function blankFiling(ctx: AppContext, q: { period: string; prefix: string }) {
  const sellerUbn = ctx.config.invoice.sellerUbn ?? fail('INVOICE_SELLER_UBN_MISSING');
  if (periodEnd(q.period) > Date.now()) fail('INVOICE_BLANK_NOT_READY', { period: q.period });
  const ranges = (await blankNumbers(ctx.db, Date.now()))
    .filter((b) => b.period === q.period && b.prefix === q.prefix)
    .map((b) => ({ start: b.start, end: b.end }))
    .sort((a, b) => a.start - b.start);
  if (ranges.length === 0) fail('INVOICE_BLANK_NOT_READY', { period: q.period });
  return {
    filename: `E0402_${sellerUbn}_${migYearMonth(q.period)}_${q.prefix}.xml`,
    xml: e0402Xml({ sellerUbn, invoiceType: '07', period: q.period, prefix: q.prefix, ranges }),
  };
}
