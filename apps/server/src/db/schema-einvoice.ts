import type { Generated } from 'kysely';

/** Taiwan e-invoices (issue 28, migration 0200). Amounts in whole TWD; times epoch ms. */

/** A track's registration with the e-invoice service (migration 0310). */
export type TrackRegistration = 'manual' | 'pending' | 'registered' | 'failed';
export interface InvoiceTrackTable {
  id: Generated<number>;
  /** The two-month period's first month, yyyymm (odd months). */
  period: string;
  prefix: string;
  start_no: number;
  end_no: number;
  /** The next number to hand out; end_no + 1 once used up. */
  next_no: number;
  admin_id: number;
  /** Registration with the e-invoice service (migration 0310): manual (by hand on its site) or by its API. */
  registration: Generated<TrackRegistration>;
  registration_error: string | null;
  /** The service's reference of the track (ezPay's ManagementNo). */
  provider_ref: string | null;
  /** The service's flag of the track as last answered. */
  provider_state: 'enabled' | 'paused' | 'disabled' | null;
  registered_at: number | null;
  created_at: number;
  updated_at: number;
}
export interface InvoiceTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  category: 'B2C' | 'B2B';
  /** JSON InvoiceChoice (contracts). */
  choice: string;
  state: 'pending' | 'issued' | 'failed' | 'rejected' | 'voided';
  track_id: number | null;
  number: string | null;
  random_code: string | null;
  period: string | null;
  /** ezPay TaxType: 1 taxable, 2 zero-rated, 3 exempt, 9 mixed. */
  tax_type: string;
  sales_amount: number;
  tax_amount: number;
  total_amount: number;
  /** JSON InvoiceLine[] (modules/invoice/invoice.amounts.ts). */
  lines: string;
  provider_ref: string | null;
  last_error: string | null;
  attempts: Generated<number>;
  deadline: number;
  issued_at: number | null;
  voided_at: number | null;
  created_at: number;
  updated_at: number;
}
export interface InvoiceReturnTable {
  id: Generated<number>;
  invoice_id: number;
  refund_key: string;
  kind: 'void' | 'allowance';
  amount: number;
  state: 'pending' | 'done' | 'failed' | 'rejected';
  number: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}
export interface InvoiceChoiceTable {
  id: Generated<number>;
  user_id: number;
  /** 0: the buyer's remembered choice. */
  order_id: number;
  choice: string;
  updated_at: number;
}
export interface InvoicePrizeTable {
  id: Generated<number>;
  invoice_id: number;
  period: string;
  prize: string;
  amount: number;
  notified_at: number | null;
  created_at: number;
}
