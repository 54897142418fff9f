import type { Generated } from 'kysely';

/** SIM cards and eSIM delivery (issue 11; migration 0080). Instants epoch ms, data bytes. */
export interface SimCardTable {
  id: Generated<number>;
  iccid: string;
  user_id: number;
  kind: 'esim' | 'physical';
  commodity_code: string | null;
  plan_name: string;
  countries: string; // JSON string[]
  order_id: number | null;
  order_line_id: number | null;
  /** AES-256-GCM (platform/crypto) of the activation JSON, bound to the ICCID; null for physical cards. */
  activation_enc: string | null;
  status: string;
  total_bytes: number | null;
  used_bytes: number;
  usage_as_of: number | null;
  valid_from: number | null;
  valid_until: number | null;
  alert_mb: number | null;
  alert_fired: number;
  /** The buyer's own name for the card (issue 27; migration 0220), null until named. */
  label: string | null;
  /** When the buyer last asked for a reading now (the refresh's per-card interval guard). */
  refresh_asked_at: number | null;
  created_at: number;
  updated_at: number;
}
/** The cards a bulk top-up order tops up, one each, in order (issue 28; migration 0240). */
export interface SimTopUpTargetTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  iccid: string;
}
export interface SimDeliveryTable {
  id: Generated<number>;
  order_id: number;
  order_line_id: number;
  user_id: number;
  kind: 'esim' | 'topup';
  commodity_code: string;
  quantity: number;
  iccid: string | null;
  reference: string;
  state: 'delivering' | 'delivered' | 'stuck' | 'cancelled';
  attempts: number;
  last_error: string | null;
  partner_order_no: string | null;
  /** Migration 0171: the partner's cards kept when their ICCID was already held by another account
   *  (JSON [{iccid, activationEnc}]); null otherwise. */
  held_sims: string | null;
  /** Migration 0265: every part's current partner reference (JSON string[]) once a retry gave one part a
   *  fresh reference; null while each part has its first (simcard-parts). */
  part_refs: string | null;
  created_at: number;
  updated_at: number;
}
/** A physical card the shop sold (migration 0171): who may bind it. */
export interface SimCardIssueTable {
  id: Generated<number>;
  iccid: string;
  /** HMAC-SHA256 (hex) of the bind code printed with the card. */
  bind_code_hash: string;
  order_id: number | null;
  /** The buyer of the order it shipped with; null: sold over the counter (bind code only). */
  user_id: number | null;
  bind_attempts: Generated<number>;
  bound_user_id: number | null;
  bound_at: number | null;
  admin_id: number;
  created_at: number;
}
export interface SimUsageTable {
  id: Generated<number>;
  sim_card_id: number;
  used_bytes: number;
  as_of: number;
}
export interface SimNoticeTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  iccid: string | null;
  params: string; // JSON
  read_at: number | null;
  created_at: number;
}
/** The operator's pricing rule for the catalogue sync (one row, id 1); none: the config's. */
export interface PartnerPricingTable {
  id: number;
  markup_percent: number;
  fx_rate: number;
  admin_id: number;
  updated_at: number;
}
export interface PartnerCommodityTable {
  code: string;
  name: string;
  kind: string;
  countries: string; // JSON string[]
  data_bytes: number | null;
  validity_days: number;
  /** When the days start counting (migration 0221); null: synced before, read as first_attach. */
  validity_start: 'purchase' | 'install' | 'first_attach' | null;
  price: number;
  currency: string;
  top_upable: number;
  available: number;
  synced_at: number;
}
