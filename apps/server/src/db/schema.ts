import type { Generated } from 'kysely';

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
  role: string; // super | operator | support
  status: number;
  created_at: number;
}

export interface Database {
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
}
