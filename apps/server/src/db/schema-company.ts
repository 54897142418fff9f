import type { Generated } from 'kysely';

/** Company fleets (issue 28; migration 0210). Instants epoch ms; amounts minor units. */
export type CompanyRole = 'owner' | 'buyer' | 'approver' | 'traveller';

export interface CompanyTable {
  id: Generated<number>;
  owner_user_id: number;
  name: string;
  /** Orders above this amount wait for an approver; null: none do. */
  approval_threshold: number | null;
  created_at: number;
  updated_at: number;
}
export interface CompanyMemberTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  role: CompanyRole;
  display_name: string;
  created_at: number;
  updated_at: number;
}
export interface CompanyInviteTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  role: CompanyRole;
  display_name: string;
  phone: string | null;
  email: string | null;
  created_by: number;
  expires_at: number;
  used_by: number | null;
  used_at: number | null;
  created_at: number;
}
export interface CompanyBatchTable {
  id: Generated<number>;
  company_id: number;
  buyer_user_id: number;
  order_id: number;
  spec_id: number;
  quantity: number;
  total_amount: number;
  currency: string;
  status: 'awaiting_approval' | 'approved' | 'rejected' | 'no_approval';
  decided_by: number | null;
  decision_reason: string | null;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
}
export interface CompanyTravellerTable {
  id: Generated<number>;
  batch_id: number;
  company_id: number;
  row_no: number;
  name: string;
  phone: string | null;
  email: string | null;
  destination: string | null;
  start_date: string | null;
  end_date: string | null;
  user_id: number | null;
  iccid: string | null;
  assigned_at: number | null;
  created_at: number;
}
export interface OrderApprovalHoldTable {
  order_id: number;
  until: number;
  released_at: number | null;
  created_at: number;
}
