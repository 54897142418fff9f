import type { Generated } from 'kysely';

/** Customer care (issue 13): chat sessions and messages, quick replies, complaints and feedback. */
export interface CsSessionTable {
  id: Generated<number>;
  user_id: number;
  status: number; // 0 open, 1 closed
  admin_id: number | null;
  /** Read receipts: the last message id each side has read. */
  user_read_id: number;
  admin_read_id: number;
  last_msg_id: number;
  last_msg_at: number;
  created_at: number;
  updated_at: number;
}
export interface CsMessageTable {
  id: Generated<number>;
  session_id: number;
  sender: 'user' | 'admin';
  sender_id: number;
  client_id: string | null;
  type: 'text' | 'image' | 'order' | 'goods';
  /** JSON: { text } | { picture } | { order: card } | { goods: card } */
  body: string;
  created_at: number;
}
export interface CsQuickReplyTable {
  id: Generated<number>;
  text: string;
  order_num: number;
  created_at: number;
  updated_at: number;
}
export interface CareTicketTable {
  id: Generated<number>;
  kind: 'complain' | 'feedback';
  user_id: number;
  type: number;
  content: string;
  pictures: string; // JSON array of upload URLs
  contact: string;
  order_id: number | null;
  status: number; // 0 submitted, 1 in progress, 2 resolved
  reply: string | null;
  replied_at: number | null;
  admin_id: number | null;
  created_at: number;
  updated_at: number;
}
