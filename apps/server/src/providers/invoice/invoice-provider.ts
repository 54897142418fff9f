/**
 * The e-invoice service behind one interface (issue 28): issue, void, allowance (折讓), allowance void and
 * query. The adapter is ezPay's (ezpay.client.ts); its simulator speaks the same protocol in demo mode and
 * tests. An adapter never touches the database: modules/invoice decides and records.
 *
 * Every call answers either `{ ok: true, ... }` or a refusal `{ ok: false, code, message }` (the service
 * read the request and said no: an operator must look); it throws InvoiceProviderUnavailable when the
 * service could not be asked or its answer cannot be trusted (network, HTTP error, bad CheckCode): the job
 * retries those.
 */

/** ezPay tax types: 1 taxable (應稅), 2 zero-rated (零稅率), 3 exempt (免稅), 9 mixed. */
export type TaxTypeCode = '1' | '2' | '3' | '9';

export type InvoiceItem = {
  name: string;
  count: number;
  unit: string;
  /** Unit price: tax included for B2C, tax excluded for B2B (ezPay's rule). */
  price: number;
  amount: number;
  taxType: Exclude<TaxTypeCode, '9'>;
};

/**
 * An invoice to issue. No number: the service numbers it from the tracks (字軌) registered with it and says
 * which in its answer (ezpay.wire.ts for the sources); modules/invoice checks the answer against the shop's
 * own register of those tracks.
 */
export type IssueRequest = {
  merchantOrderNo: string;
  category: 'B2C' | 'B2B';
  buyerName: string;
  buyerUbn: string;
  buyerEmail: string;
  /** ezPay CarrierType: 0 mobile barcode (3J0002), 1 citizen certificate (CQ0001), 2 member carrier. */
  carrierType: '' | '0' | '1' | '2';
  carrierNum: string;
  loveCode: string;
  printFlag: 'Y' | 'N';
  taxType: TaxTypeCode;
  taxRate: number;
  amt: number;
  /** Mixed tax only: the taxable (before tax), zero-rated and exempt sales. */
  amtSales?: number;
  amtZero?: number;
  amtFree?: number;
  taxAmt: number;
  totalAmt: number;
  items: InvoiceItem[];
  comment?: string;
};

/**
 * The service read the request and said no. `noNumber`: it has no invoice number left for the period (its
 * tracks are used up): the invoice waits for an operator to register a new track, it is not rejected.
 */
export type Refusal = { ok: false; code: string; message: string; noNumber?: boolean };

export type IssueResult =
  { ok: true; invoiceNumber: string; randomNum: string; transNo: string; createdAt: string } | Refusal;

/** What the answers of void and allowance are checked against (ezPay's CheckCode is over the invoice). */
export type IssuedRef = {
  invoiceNumber: string;
  merchantOrderNo: string;
  transNo: string;
  randomNum: string;
  totalAmt: number;
};

export type VoidRequest = IssuedRef & { reason: string };
export type AllowanceRequest = IssuedRef & {
  items: { name: string; count: number; unit: string; price: number; amount: number; taxAmt: number }[];
  /** Allowance total before tax, and its tax. */
  amt: number;
  taxAmt: number;
  buyerEmail: string;
};
export type AllowanceResult = { ok: true; allowanceNo: string; remainAmt: number } | Refusal;
export type QueryResult =
  | { ok: true; found: false }
  | {
      ok: true;
      found: true;
      invoiceNumber: string;
      randomNum: string;
      transNo: string;
      status: 'issued' | 'voided';
    }
  | Refusal;

export interface InvoiceProvider {
  readonly name: string;
  issue(req: IssueRequest): Promise<IssueResult>;
  void(req: VoidRequest): Promise<{ ok: true } | Refusal>;
  allowance(req: AllowanceRequest): Promise<AllowanceResult>;
  voidAllowance(req: { allowanceNo: string; reason: string }): Promise<{ ok: true } | Refusal>;
  /** The service's word on an order's invoice (a lost issue answer): by our order number and amount. */
  query(req: { merchantOrderNo: string; totalAmt: number }): Promise<QueryResult>;
}

/** A number track (字軌) as the service knows it: enabled (numbering now), paused (waiting), disabled for good. */
export type ProviderTrackState = 'enabled' | 'paused' | 'disabled';
export type TrackRange = { period: string; prefix: string; start: number; end: number };
/** `ref`: the service's own reference of the track (ezPay's ManagementNo); `left`: numbers it has left. */
export type ProviderTrack = TrackRange & { ref: string; left: number; state: ProviderTrackState };
export type TrackAnswer = { ok: true; track: ProviderTrack } | Refusal;

/**
 * The service's register of number tracks, the ones it numbers invoices from (ezPay's 字軌管理 API, called
 * with the member's own credentials, ezpay.tracks.ts). Null in Providers when those are not configured:
 * operators then register each track on the service's site by hand. Same answers and throws as above.
 */
export interface InvoiceTrackRegistry {
  readonly name: string;
  /** The period's tracks at the service; an empty list when it has none. */
  list(period: string): Promise<{ ok: true; tracks: ProviderTrack[] } | Refusal>;
  /** Registers a track (the service pauses it while another of its period is enabled). */
  register(t: TrackRange): Promise<TrackAnswer>;
  setState(t: { ref: string; period: string; state: ProviderTrackState }): Promise<TrackAnswer>;
}

export class InvoiceProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvoiceProviderUnavailable';
  }
}
