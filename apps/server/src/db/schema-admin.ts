import type { Generated } from 'kysely';

/** The operator console (issue 15): the audit log of operator writes and documents per language. */
export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: number;
  /** the admin call, `POST admin/order/info/ship` */
  action: string;
  /** what kind of row changed (`order`, `goods`, ...) and which one; null when the call names none */
  entity: string;
  entity_id: string | null;
  /** JSON: the row before and after the change (null when there was none) */
  before_json: string | null;
  after_json: string | null;
  ip: string;
  created_at: number;
}

/** A document buyers read (user agreement, privacy policy, ...) in one language. */
export interface AppDocumentTable {
  id: Generated<number>;
  type: string;
  language: string;
  title: string;
  body: string;
  updated_at: number;
}
