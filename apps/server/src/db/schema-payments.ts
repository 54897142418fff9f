import type { Generated } from 'kysely';

/** Payments (issue 10): attempts, raw callbacks, refunds sent by the payment core, ledgers, top-ups. */
export type AttemptStatus = 'pending' | 'paid' | 'failed' | 'closed' | 'awaiting_offline' | 'refunded';
export interface PaymentAttemptTable {
  id: Generated<number>;
  attempt_no: string;
  order_id: number | null;
  topup_id: number | null;
  user_id: number;
  /** wechat | alipay | tappay | newebpay | wallet | points | transfer */
  channel: string;
  method: string | null;
  amount: number;
  currency: string;
  status: AttemptStatus;
  provider_trade_no: string | null;
  detail: string; // JSON
  /** 1: money arrived for an order already paid or closed; refunded automatically. */
  surplus: number;
  paid_at: number | null;
  created_at: number;
  updated_at: number;
}
export interface PaymentEventTable {
  id: Generated<number>;
  channel: string;
  kind: string;
  attempt_no: string | null;
  headers: string; // JSON
  body: string;
  verified: number;
  /** applied | duplicate | mismatch | unknown_attempt | refused | hint | refund */
  result: string;
  error: string | null;
  created_at: number;
}
export interface PaymentRefundTable {
  id: Generated<number>;
  refund_no: string;
  attempt_id: number;
  order_refund_id: number | null;
  amount: number;
  reason: string;
  /** requesting | succeeded | processing | failed */
  state: string;
  provider_refund_id: string | null;
  created_at: number;
  updated_at: number;
}
export type LedgerKind = 'wallet' | 'points';
export interface LedgerAccountTable {
  kind: LedgerKind;
  user_id: number;
  balance: number;
  updated_at: number;
}
export interface LedgerEntryTable {
  id: Generated<number>;
  kind: LedgerKind;
  user_id: number;
  /** TOPUP | PAY | REFUND | ADJUST | EARN */
  type: string;
  amount: number;
  balance_after: number;
  order_id: number | null;
  idempotency_key: string;
  note: string | null;
  created_at: number;
}
export interface WalletTopupTable {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  amount: number;
  currency: string;
  status: 'pending' | 'paid';
  paid_at: number | null;
  created_at: number;
}

export type TransferStatus = 'awaiting_transfer' | 'proof_submitted' | 'verified' | 'rejected';
export interface TransferPaymentTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  reference: string;
  amount: number;
  currency: string;
  status: TransferStatus;
  reject_reason: string | null;
  admin_id: number | null;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
}
export interface TransferProofTable {
  id: Generated<number>;
  transfer_id: number;
  /** Stored as `transfer/<file_key>` on the private side of the file store (platform/storage), never served publicly. */
  file_key: string;
  mime: string;
  size: number;
  sha256: string;
  uploader_id: number;
  created_at: number;
}
