import type { Generated } from 'kysely';
import type {
  PaymentAttemptTable,
  PaymentEventTable,
  PaymentRefundTable,
  LedgerAccountTable,
  LedgerEntryTable,
  WalletTopupTable,
  TransferPaymentTable,
  TransferProofTable,
} from './schema-payments';
import type { CsSessionTable, CsMessageTable, CsQuickReplyTable, CareTicketTable } from './schema-care';
import type { AdminAuditTable, AppDocumentTable } from './schema-admin';
// the tables of larger areas live beside this file; their row types are exported from here too
export type * from './schema-payments';
export type * from './schema-care';
export type * from './schema-admin';
import type {
  CompanyBatchTable,
  CompanyInviteTable,
  CompanyMemberTable,
  CompanyTable,
  CompanyTravellerTable,
  OrderApprovalHoldTable,
} from './schema-company';
export type * from './schema-company';
import type {
  PartnerCommodityTable,
  PartnerPricingTable,
  SimCardIssueTable,
  SimCardTable,
  SimDeliveryTable,
  SimTopUpTargetTable,
  SimNoticeTable,
  SimUsageTable,
} from './schema-simcard';
export type * from './schema-simcard';
import type {
  InvoiceChoiceTable,
  InvoicePrizeTable,
  InvoiceReturnTable,
  InvoiceTable,
  InvoiceTrackTable,
} from './schema-einvoice';
export type * from './schema-einvoice';

/** Row types of every table. Times are epoch milliseconds; flags are 0/1 integers (see architecture 6a). */
export interface UserTable {
  id: Generated<number>;
  public_id: string;
  phone: string | null;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  nickname: string;
  avatar_url: string | null;
  kind: 'personal' | 'company';
  register_step: number;
  status: number; // 1 active, 0 disabled, 2 deleted
  wechat_openid: string | null;
  order_receiving: number;
  message_notify: number;
  language: string | null;
  password_failures: number;
  agreement_at: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}
export interface CompanyProfileTable {
  user_id: number;
  company_name: string;
  ubn: string;
  contact_name: string;
  email: string;
  verified_at: number;
}
export interface RealNameTable {
  user_id: number;
  legal_name_enc: string;
  id_type: string;
  id_number_enc: string;
  status: string; // pending | verified | rejected
  reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
}
export interface AuthTokenTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'access' | 'refresh';
  realm: 'app' | 'admin';
  subject_id: number;
  family: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}
export interface VerifyCodeTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  target: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  ip: string;
  created_at: number;
}
export interface CaptchaTable {
  id: string;
  kind: 'slide' | 'rotate';
  answer: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}
export interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: number;
}
export interface DictTypeTable {
  id: Generated<number>;
  key: string;
  name: string;
  /** JSON `{ locale: name }` for languages other than the zh-Hans default in `name`. */
  name_i18n: string | null;
}
export interface DictInfoTable {
  id: Generated<number>;
  type_id: number;
  name: string;
  value: string | null;
  description: string | null;
  parent_id: number | null;
  order_num: number;
  name_i18n: string | null;
}
export interface AppVersionTable {
  id: Generated<number>;
  version: string;
  code: number;
  description: string;
  url: string | null;
  force_update: number;
  published_at: number;
}
export interface ParamTable {
  key: string;
  name: string;
  data: string;
}
export interface UploadTable {
  id: Generated<number>;
  owner_kind: 'user' | 'admin';
  owner_id: number;
  file_key: string;
  mime: string;
  size: number;
  created_at: number;
}
export interface AdminUserTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  role: string; // owner | catalogue | orders | support | finance (AdminRole)
  status: number;
  created_at: number;
  /** Failed logins since the last success (captcha from 3, lock from ADMIN_LOCK_FAILURES). */
  password_failures: Generated<number>;
  locked_until: number | null;
}

/** Catalogue (issue 3). `texts` columns are JSON `{ locale: {...} }`; lists (pictures, pay ways, destinations) are JSON arrays. */
export interface GoodsTypeTable {
  id: Generated<number>;
  parent_id: number | null;
  texts: string; // { locale: { name } }
  icon: string | null;
  order_num: number;
  status: number;
  created_at: number;
  updated_at: number;
}
export interface SaleTypeTable {
  id: Generated<number>;
  code: string;
  texts: string; // { locale: { name, description? } }
  goods_type: number; // 1 virtual, 0 physical
  can_mix_order: number;
  order_num: number;
  created_at: number;
  updated_at: number;
}
export interface GoodsTable {
  id: Generated<number>;
  type_id: number;
  sale_type_id: number;
  goods_type: number;
  texts: string; // { locale: { title, subtitle?, description? } }
  pictures: string;
  video: string | null;
  pay_ways: string;
  support_point_discount: number;
  need_fill_card: number;
  destinations: string;
  freight: number;
  on_sale: number;
  order_num: number;
  sales: number;
  /** Lowest price of the enabled specs; kept by the catalogue whenever specs change. */
  min_price: number | null;
  comment_count: number;
  rating_sum: number;
  search_title: string;
  search_text: string;
  /** When a plan's validity starts: 'connect' (first connection) or 'purchase'; null: not a plan. */
  activation: 'connect' | 'purchase' | null;
  /** JSON text: the networks used per country code, { "JP": ["Docomo"] }; null: not said. */
  networks: string | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}
export interface GoodsDestinationTable {
  goods_id: number;
  code: string;
}
export interface GoodsSpecTable {
  id: Generated<number>;
  goods_id: number;
  texts: string | null; // { locale: { name } }; null: named from data/allowance/validity
  data_mb: number | null;
  allowance: 'total' | 'daily' | null;
  validity_days: number | null;
  price: number;
  original_price: number | null;
  stock: number;
  picture: string | null;
  no_freight: number;
  sku: string | null;
  order_num: number;
  status: number;
  /** '4G' or '5G'; null: not a data plan or not said. */
  speed: string | null;
  /** 1: hotspot (tethering) allowed, 0: not; null: not said. */
  hotspot: number | null;
  /** Unlimited plans: MB a day at full speed before throttling (issue 27); null: not said. */
  high_speed_mb_per_day: number | null;
  /** Unlimited plans: the speed after the daily high-speed allowance, in kbps; null: not said. */
  throttle_kbps: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}
/** A device model known to support eSIM (issue 12: the compatibility check). */
export interface EsimDeviceTable {
  id: Generated<number>;
  brand: string;
  model: string;
  note: string | null;
  order_num: number;
  status: number;
  created_at: number;
  updated_at: number;
}
export interface BannerTable {
  id: Generated<number>;
  texts: string; // { locale: { title } }
  picture: string;
  link_type: 'none' | 'goods' | 'type' | 'page' | 'url';
  link_value: string | null;
  position: 'home' | 'category';
  order_num: number;
  starts_at: number | null;
  ends_at: number | null;
  status: number;
  created_at: number;
  updated_at: number;
}
export interface SearchKeywordTable {
  id: Generated<number>;
  texts: string; // { locale: { keyword } }
  order_num: number;
  status: number;
  created_at: number;
  updated_at: number;
}
export interface GoodsCommentTable {
  id: Generated<number>;
  goods_id: number;
  spec_id: number | null;
  order_id: number | null;
  user_id: number | null;
  nickname: string;
  avatar_url: string | null;
  anonymous: number;
  rating: number;
  content: string;
  pictures: string;
  has_pictures: number;
  status: number;
  created_at: number;
}
export interface StockLogTable {
  id: Generated<number>;
  goods_id: number;
  spec_id: number;
  type: 'order' | 'no_freight_goods' | 'cancel' | 'admin';
  change: number;
  stock_after: number;
  order_id: number | null;
  admin_id: number | null;
  remark: string | null;
  created_at: number;
}

/** Cart, addresses and coupons (issue 4). */
export interface CartItemTable {
  id: Generated<number>;
  user_id: number;
  spec_id: number;
  goods_id: number;
  quantity: number;
  checked: number;
  created_at: number;
  updated_at: number;
}
export interface AddressTable {
  id: Generated<number>;
  user_id: number;
  contact: string;
  phone: string; // E.164
  country: string; // ISO 3166-1 alpha-2
  county_code: string | null; // TW: region dictionary code
  district_code: string | null; // TW: region dictionary code (postal code)
  region: string | null; // outside TW: free text
  postal_code: string | null;
  detail: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}
export interface CouponInfoTable {
  id: Generated<number>;
  texts: string; // { locale: { title, description? } }
  kind: 'amount' | 'percent';
  amount: number | null;
  percent: number | null;
  max_discount: number | null;
  min_amount: number;
  scope: 'all' | 'goods' | 'type';
  goods_ids: string; // JSON number[]
  type_ids: string; // JSON number[]
  starts_at: number;
  ends_at: number;
  per_user_limit: number;
  total: number;
  remaining: number;
  status: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}
export interface CouponUserTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number;
  status: number; // 0 unused, 1 used
  order_id: number | null;
  received_at: number;
  used_at: number | null;
  deleted_at: number | null;
}

/** Orders (issue 4). Amounts in minor units; `address` and the line snapshots are JSON text. */
export interface ShopOrderTable {
  id: Generated<number>;
  public_id: string;
  order_no: string;
  user_id: number;
  status: number;
  idempotency_key: string | null;
  currency: string;
  goods_amount: number;
  shipping_amount: number;
  coupon_discount: number;
  points_discount: number;
  total_amount: number;
  pay_way: string;
  user_coupon_id: number | null;
  card_number: string | null;
  note: string;
  address: string | null;
  virtual_only: number;
  pay_deadline: number;
  paid_at: number | null;
  shipped_at: number | null;
  received_at: number | null;
  completed_at: number | null;
  closed_at: number | null;
  close_reason: 'cancelled' | 'expired' | null;
  carrier: string | null;
  tracking_no: string | null;
  /** eSIM/top-up delivery (migration 0080): null when the order has no partner lines. */
  delivery_state: 'delivering' | 'delivered' | 'stuck' | 'cancelled' | null;
  created_at: number;
  updated_at: number;
}
export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  goods_id: number;
  spec_id: number;
  quantity: number;
  price: number;
  amount: number;
  goods_type: number;
  no_freight: number;
  goods_snapshot: string;
  spec_snapshot: string;
  comment_id: number | null;
}
export interface OrderLogTable {
  id: Generated<number>;
  order_id: number;
  from_status: number | null;
  to_status: number;
  action: string;
  actor: 'user' | 'admin' | 'system';
  actor_id: number | null;
  /** free text of entries written before notes were structured (0270); null since */
  note: string | null;
  /** contracts orderLogNote: its kind, and its params as JSON text */
  note_kind: string | null;
  note_params: string | null;
  created_at: number;
}
export interface OrderTrackingTable {
  id: Generated<number>;
  order_id: number;
  happened_at: number;
  description: string;
  location: string | null;
  admin_id: number | null;
  created_at: number;
}
export interface OrderRefundTable {
  id: Generated<number>;
  order_id: number;
  from_status: number;
  state: 'requested' | 'approved' | 'rejected';
  reason: string;
  description: string;
  pictures: string;
  /** What is (or would be) refunded: the buyer's ask, or less after an operator's partial approval. */
  amount: number;
  /** The buyer's ask when an operator approved less (migration 0105); null: the same as amount. */
  requested_amount: number | null;
  provider_state: string | null;
  provider_ref: string | null;
  reject_reason: string | null;
  admin_id: number | null;
  requested_at: number;
  decided_at: number | null;
}

/** The job runner (src/jobs): leases of scheduled jobs, and retried jobs. */
export interface JobLeaseTable {
  name: string;
  holder: string | null;
  expires_at: number;
  next_run_at: number;
}
export interface JobTable {
  id: Generated<number>;
  kind: string;
  key: string | null;
  payload: string; // JSON
  state: 'pending' | 'running' | 'done' | 'dead';
  attempts: number;
  run_at: number;
  holder: string | null;
  lease_until: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface LoginFailureTable {
  key: string;
  failures: number;
  updated_at: number;
}

/** A WeChat login in progress: bound to the browser holding the nonce, spent once (issue 8). */
export interface WechatStateTable {
  state_hash: string;
  nonce_hash: string;
  redirect: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A buyer's openid under the Official Account that takes WeChat Pay JSAPI (migration 0260). */
export interface WechatPayerTable {
  user_id: number;
  appid: string;
  openid: string;
  created_at: number;
  updated_at: number;
}

/** A WeChat Pay authorisation (snsapi_base) under way: bound to the account and the order, spent once. */
export interface WechatPayStateTable {
  state_hash: string;
  user_id: number;
  order_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** Move with every change to a buyer's orders and cart, kept by triggers (migration 0160). */
export interface UserRevisionTable {
  user_id: number;
  orders: Generated<number>;
  cart: Generated<number>;
  /** The buyer's orders pending payment, kept by the same triggers. */
  unpaid: Generated<number>;
}

export interface Database {
  company: CompanyTable;
  company_member: CompanyMemberTable;
  company_invite: CompanyInviteTable;
  company_batch: CompanyBatchTable;
  company_traveller: CompanyTravellerTable;
  order_approval_hold: OrderApprovalHoldTable;
  admin_audit: AdminAuditTable;
  app_document: AppDocumentTable;
  sim_card: SimCardTable;
  sim_delivery: SimDeliveryTable;
  sim_topup_target: SimTopUpTargetTable;
  sim_card_issue: SimCardIssueTable;
  invoice_track: InvoiceTrackTable;
  invoice: InvoiceTable;
  invoice_return: InvoiceReturnTable;
  invoice_choice: InvoiceChoiceTable;
  invoice_prize: InvoicePrizeTable;
  sim_usage: SimUsageTable;
  sim_notice: SimNoticeTable;
  partner_commodity: PartnerCommodityTable;
  partner_pricing: PartnerPricingTable;
  cs_session: CsSessionTable;
  cs_message: CsMessageTable;
  cs_quick_reply: CsQuickReplyTable;
  care_ticket: CareTicketTable;
  login_failure: LoginFailureTable;
  job_lease: JobLeaseTable;
  job: JobTable;
  wechat_state: WechatStateTable;
  wechat_payer: WechatPayerTable;
  wechat_pay_state: WechatPayStateTable;
  user: UserTable;
  company_profile: CompanyProfileTable;
  real_name: RealNameTable;
  auth_token: AuthTokenTable;
  verify_code: VerifyCodeTable;
  captcha: CaptchaTable;
  outbox: OutboxTable;
  dict_type: DictTypeTable;
  dict_info: DictInfoTable;
  app_version: AppVersionTable;
  param: ParamTable;
  upload: UploadTable;
  admin_user: AdminUserTable;
  goods_type: GoodsTypeTable;
  sale_type: SaleTypeTable;
  goods: GoodsTable;
  goods_destination: GoodsDestinationTable;
  goods_spec: GoodsSpecTable;
  esim_device: EsimDeviceTable;
  banner: BannerTable;
  search_keyword: SearchKeywordTable;
  goods_comment: GoodsCommentTable;
  stock_log: StockLogTable;
  cart_item: CartItemTable;
  address: AddressTable;
  coupon_info: CouponInfoTable;
  coupon_user: CouponUserTable;
  shop_order: ShopOrderTable;
  order_line: OrderLineTable;
  order_log: OrderLogTable;
  order_tracking: OrderTrackingTable;
  order_refund: OrderRefundTable;
  user_revision: UserRevisionTable;
  payment_attempt: PaymentAttemptTable;
  payment_event: PaymentEventTable;
  payment_refund: PaymentRefundTable;
  ledger_account: LedgerAccountTable;
  ledger_entry: LedgerEntryTable;
  wallet_topup: WalletTopupTable;
  transfer_payment: TransferPaymentTable;
  transfer_proof: TransferProofTable;
}
