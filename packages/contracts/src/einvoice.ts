import { z } from 'zod';
import { pageOf, pageRequest } from './envelope';
import { isValidUbn } from './validators';

// Taiwan e-invoices (統一發票, issue 28): the buyer's choice at checkout and what the shop shows of an
// invoice. The format rules are those of the Ministry of Finance's e-invoice platform (載具 and 捐贈碼),
// shared by the shop (checks as the buyer types) and the server (checks before an order is written).

/** Mobile barcode carrier (手機條碼, carrier type 3J0002): "/" and 7 of 0-9 A-Z . + - */
export const MOBILE_BARCODE = /^\/[0-9A-Z.+-]{7}$/;
/** Citizen digital certificate carrier (自然人憑證條碼, CQ0001): 2 capital letters and 14 digits. */
export const CITIZEN_CERTIFICATE = /^[A-Z]{2}\d{14}$/;
/** Love code (捐贈碼) of a registered charity: 3 to 7 digits. */
export const LOVE_CODE = /^\d{3,7}$/;

export const isMobileBarcode = (s: string) => MOBILE_BARCODE.test(s);
export const isCitizenCertificate = (s: string) => CITIZEN_CERTIFICATE.test(s);
export const isLoveCode = (s: string) => LOVE_CODE.test(s);

/** The longest company title ezPay takes for a B2B buyer (BuyerName, 60 characters). */
export const COMPANY_TITLE_MAX = 60;

const upperTrim = z.string().trim().toUpperCase();

/**
 * How the buyer takes the invoice: on a carrier (a mobile barcode, a citizen certificate, or the shop's
 * member carrier, which is the account itself), donated to a charity by love code, or as a company
 * invoice (B2B) with its unified business number and title.
 */
export const invoiceChoice = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('mobile'),
    code: upperTrim.refine(isMobileBarcode, { params: { rule: 'mobileBarcode' } }),
  }),
  z.object({
    kind: z.literal('certificate'),
    code: upperTrim.refine(isCitizenCertificate, { params: { rule: 'citizenCertificate' } }),
  }),
  z.object({ kind: z.literal('member') }),
  z.object({
    kind: z.literal('donation'),
    loveCode: z
      .string()
      .trim()
      .refine(isLoveCode, { params: { rule: 'loveCode' } }),
  }),
  z.object({
    kind: z.literal('company'),
    ubn: z
      .string()
      .trim()
      .refine(isValidUbn, { params: { rule: 'ubn' } }),
    title: z.string().trim().min(1).max(COMPANY_TITLE_MAX),
  }),
]);
export type InvoiceChoice = z.infer<typeof invoiceChoice>;
export const INVOICE_CHOICE_KINDS = ['mobile', 'certificate', 'member', 'donation', 'company'] as const;

/** An invoice's life: waiting for a number or the provider, issued, voided, or refused by the provider. */
export const invoiceState = z.enum(['pending', 'issued', 'failed', 'rejected', 'voided']);

/** The invoice as its buyer sees it on the order page. */
export const orderInvoice = z.object({
  state: invoiceState,
  category: z.enum(['B2C', 'B2B']),
  number: z.string().nullable().describe('e.g. AB12345678; null until issued'),
  randomCode: z.string().nullable().describe('4 digits, printed on the invoice'),
  issuedAt: z.string().nullable(),
  choice: invoiceChoice,
  amount: z.number().int().describe('the invoice total, tax included (TWD)'),
  salesAmount: z.number().int().describe('before tax'),
  taxAmount: z.number().int(),
  allowances: z.array(
    z.object({ number: z.string().nullable(), amount: z.number().int(), state: z.string() }),
  ),
});
export type OrderInvoice = z.infer<typeof orderInvoice>;

// ---------------------------------------------------------------- buyer calls

export const orderInvoiceQuery = z.object({ id: z.coerce.number().int().positive().describe('order id') });
export const orderInvoiceResponse = z.object({ invoice: orderInvoice.nullable() });
export const invoiceChoiceResponse = z.object({
  choice: invoiceChoice.nullable().describe("the buyer's remembered choice; null: none yet"),
});

// ---------------------------------------------------------------- operator calls

/** yyyymm of a two-month period's first (odd) month, e.g. 202611 for November and December 2026. */
export const invoicePeriod = z.string().regex(/^\d{4}(0[13579]|11)$/);

/** A track's 2 letters (字軌), capitals whatever was typed. */
const trackPrefix = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

export const adminInvoiceTrackAddRequest = z.object({
  period: invoicePeriod,
  prefix: trackPrefix,
  start: z.number().int().min(0).max(99_999_999),
  end: z.number().int().min(0).max(99_999_999),
});
export const adminInvoiceTrack = z.object({
  id: z.number().int(),
  period: z.string(),
  prefix: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  next: z.number().int().describe('one past the highest number recorded; end + 1 when used up'),
  left: z.number().int(),
  recorded: z.number().int().describe('numbers of this track that invoices hold'),
  skipped: z
    .number()
    .int()
    .describe('numbers below `next` that no invoice holds (skipped, or answers still in flight)'),
  registration: z
    .enum(['manual', 'pending', 'registered', 'failed'])
    .describe(
      "with ezPay: manual (registered on ezPay's site by hand), pending, registered through its API, or failed (see registrationError; retry with admin/invoice/track/register)",
    ),
  registrationError: z
    .string()
    .nullable()
    .describe("why the registration failed, in the operator's language or as ezPay said it"),
  managementNo: z.string().nullable().describe("ezPay's reference of the track (ManagementNo)"),
  providerState: z
    .enum(['enabled', 'paused', 'disabled'])
    .nullable()
    .describe(
      "ezPay's flag of the track: enabled (numbering now), paused (next when the enabled one is used up), disabled",
    ),
});
export type AdminInvoiceTrack = z.infer<typeof adminInvoiceTrack>;
export const adminInvoiceTrackList = z.object({
  list: z.array(adminInvoiceTrack),
  autoRegister: z
    .boolean()
    .describe(
      "true: a loaded track is registered with ezPay through its API (EZPAY_MEMBER_* set); false: register each on ezPay's site by hand",
    ),
});
/** Registers a loaded track with ezPay again (after a failure, or one loaded by hand before). */
export const adminInvoiceTrackRegisterRequest = z.object({ id: z.number().int().positive() });

/** Numbers the ended periods left unused, per track prefix and range (空白未使用字軌, skipped ones too). */
export const adminInvoiceBlanks = z.object({
  list: z.array(
    z.object({ period: z.string(), prefix: z.string(), start: z.number().int(), end: z.number().int() }),
  ),
});

/** Which blank-number filing (MIG 4.1 E0402) to download: one ended period and one track prefix. */
export const adminInvoiceBlankFileQuery = z.object({
  period: invoicePeriod,
  prefix: trackPrefix,
});

export const adminInvoiceProblem = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'return']),
  orderId: z.number().int(),
  orderNo: z.string(),
  category: z.enum(['B2C', 'B2B']),
  state: z.string(),
  late: z.boolean().describe('not issued by its legal upload deadline'),
  number: z.string().nullable(),
  amount: z.number().int(),
  deadline: z.string(),
  lastError: z.string().nullable(),
});
export const adminInvoiceProblemList = z.object({ list: z.array(adminInvoiceProblem) });
export const adminInvoiceRetryRequest = z.object({
  id: z.number().int().positive(),
  kind: z.enum(['invoice', 'return']).default('invoice'),
});

/** What the console lists of e-invoices: invoices, and the allowances (折讓) and voids (作廢) refunds made of them. */
export const INVOICE_DOCUMENT_KINDS = ['invoice', 'allowance', 'void'] as const;
/**
 * A document's own state: an invoice's (pending, issued, voided, failed, rejected), an allowance's or
 * void's (pending, done, failed, rejected).
 */
export const INVOICE_DOCUMENT_STATES = ['pending', 'issued', 'voided', 'done', 'failed', 'rejected'] as const;
/**
 * Its upload to the government platform through the e-invoice service: waiting (not sent yet), retrying
 * (the last try failed: the service down, no number left; retried with backoff), uploaded, failed (the
 * tries ran out), rejected (the service refused it). Failed and rejected ones wait for an operator's retry.
 */
export const INVOICE_UPLOAD_STATES = ['waiting', 'retrying', 'uploaded', 'failed', 'rejected'] as const;
export type InvoiceUploadState = (typeof INVOICE_UPLOAD_STATES)[number];

export const adminInvoiceDocumentPageRequest = pageRequest.extend({
  documentKind: z.enum(INVOICE_DOCUMENT_KINDS).optional(),
  documentState: z.enum(INVOICE_DOCUMENT_STATES).optional(),
  period: invoicePeriod.optional().describe("yyyymm of a period's first month: documents of that period"),
  orderNo: z.string().trim().min(1).max(40).optional().describe('the order number, exactly'),
});
export const adminInvoiceDocument = z.object({
  id: z
    .number()
    .int()
    .describe('the invoice id (kind invoice), else the allowance or void id (retry kind return)'),
  kind: z.enum(INVOICE_DOCUMENT_KINDS),
  orderId: z.number().int(),
  orderNo: z.string(),
  category: z.enum(['B2C', 'B2B']),
  number: z.string().nullable().describe('the invoice number, or the allowance number; null until issued'),
  invoiceNumber: z.string().nullable().describe('the invoice an allowance or void is of'),
  amount: z.number().int().describe('tax included, TWD (a void: the whole invoice)'),
  taxAmount: z.number().int(),
  state: z.enum(INVOICE_DOCUMENT_STATES),
  upload: z.enum(INVOICE_UPLOAD_STATES),
  late: z.boolean().describe('an invoice not uploaded by its legal deadline'),
  period: z.string().describe('yyyymm of the period it belongs to'),
  at: z.string().describe('when it was issued, or decided while not issued yet'),
  lastError: z.string().nullable(),
});
export type AdminInvoiceDocument = z.infer<typeof adminInvoiceDocument>;
export const adminInvoiceDocumentPage = pageOf(adminInvoiceDocument);

const eightDigits = z.string().regex(/^\d{8}$/);
/** The numbers of a bimonthly draw, as the Ministry of Finance publishes them. */
export const adminInvoiceDrawRequest = z.object({
  period: invoicePeriod,
  special: eightDigits,
  grand: eightDigits,
  first: z.array(eightDigits).min(1).max(3),
  extraSixth: z
    .array(z.string().regex(/^\d{3}$/))
    .max(10)
    .default([]),
});
export const adminInvoiceDrawResponse = z.object({
  checked: z.number().int().describe('member-carrier invoices of the period looked at'),
  winners: z.array(
    z.object({
      orderNo: z.string(),
      number: z.string(),
      prize: z.string(),
      amount: z.number().int(),
      notified: z.boolean(),
    }),
  ),
});
