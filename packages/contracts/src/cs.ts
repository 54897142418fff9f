import { z } from 'zod';
import { pageOf, pageRequest } from './envelope';
import { assetUrl, entityId, isoTime, PICTURES_MAX } from './catalogue';

/** Customer care (issue 13): chat sessions and messages, complaints and feedback. */

export const CS_TEXT_MAX = 2000;
export const CARE_TEXT_MAX = 1000;
export const CARE_REPLY_MAX = 1000;
export const CARE_CONTACT_MAX = 64;
export const QUICK_REPLY_MAX = 500;

/** A message id chosen by the sending client: a resend with the same id never makes a second message. */
export const clientMsgId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .describe('8-64 characters [A-Za-z0-9_-], unique per sender and session');

export const csMsgType = z.enum(['text', 'image', 'order', 'goods']);
export type CsMsgType = z.infer<typeof csMsgType>;

/** The context a buyer opens the chat from; it becomes the first card of the conversation. */
export const csContext = z
  .object({
    orderId: entityId.optional().describe("one of the buyer's own orders"),
    goodsId: entityId.optional(),
  })
  .refine((c) => !(c.orderId && c.goodsId), { message: 'orderId or goodsId, not both' });

export const csOrderCard = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  totalAmount: z.number().int(),
  currency: z.string(),
  title: z.string(),
  picture: z.string().nullable(),
  quantity: z.number().int(),
});
export type CsOrderCard = z.infer<typeof csOrderCard>;
export const csGoodsCard = z.object({
  goodsId: z.number().int(),
  title: z.string(),
  picture: z.string().nullable(),
  price: z.number().int().nullable(),
  currency: z.string(),
});
export type CsGoodsCard = z.infer<typeof csGoodsCard>;

export const csSender = z.enum(['user', 'admin']);
export const csMessage = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  clientId: z.string().nullable(),
  sender: csSender,
  senderName: z.string(),
  type: csMsgType,
  text: z.string().describe('plain text, never HTML: show it as text'),
  picture: z.string().nullable(),
  order: csOrderCard.nullable(),
  goods: csGoodsCard.nullable(),
  createdAt: isoTime,
  read: z.boolean().describe('the other side has read it'),
});
export type CsMessage = z.infer<typeof csMessage>;

export const csSession = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'closed']),
  adminName: z.string().nullable(),
  unreadCount: z.number().int().describe('messages from the other side not yet read'),
  /** The last message the other side has read (read receipts). */
  peerReadId: z.number().int(),
  lastMessage: csMessage.nullable(),
  createdAt: isoTime,
  lastMessageAt: isoTime,
});
export type CsSession = z.infer<typeof csSession>;

export const csSessionCreateRequest = z.object({ context: csContext.optional() });
export const csSessionDetailResponse = csSession.nullable();

/** A message to send: text, a picture (own upload), an order card (own order) or a goods card. */
export const csSendBody = z
  .object({
    clientId: clientMsgId,
    type: csMsgType,
    text: z.string().max(CS_TEXT_MAX).optional(),
    picture: assetUrl.optional(),
    orderId: entityId.optional(),
    goodsId: entityId.optional(),
  })
  .superRefine((m, c) => {
    const need = { text: 'text', image: 'picture', order: 'orderId', goods: 'goodsId' } as const;
    const key = need[m.type];
    const v = m[key];
    if (v === undefined || (typeof v === 'string' && v.trim() === ''))
      c.addIssue({ code: 'custom', path: [key], params: { rule: 'required' }, message: 'required' });
  });
export type CsSendBody = z.infer<typeof csSendBody>;
export const csSendRequest = csSendBody;

export const csMsgPageRequest = pageRequest.extend({
  sessionId: entityId.optional().describe("default: the buyer's open session"),
  afterId: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe('catch-up: only messages after this id, oldest first'),
});
export const csMsgPageResponse = pageOf(csMessage);
export const csReadRequest = z.object({
  sessionId: entityId.optional(),
  lastReadId: z.coerce.number().int().min(0).optional().describe('default: everything so far'),
});
export const csReadResponse = z.object({ lastReadId: z.number().int(), unreadCount: z.number().int() });
export const csUnreadCountResponse = z.object({ count: z.number().int() });

// operators
export const adminCsSession = csSession.extend({
  user: z.object({ id: z.number().int(), nickname: z.string(), avatarUrl: z.string().nullable() }),
  adminId: z.number().int().nullable(),
});
export type AdminCsSession = z.infer<typeof adminCsSession>;
export const adminCsSessionPageRequest = pageRequest.extend({
  status: z.enum(['open', 'closed']).optional(),
  assigned: z.enum(['me', 'none', 'any']).optional(),
  unread: z.coerce.number().int().min(0).max(1).optional().describe('1: only sessions with unread messages'),
  keyword: z.string().trim().max(32).optional().describe('nickname'),
});
export const adminCsSessionPageResponse = pageOf(adminCsSession);
export const adminCsSessionRequest = z.object({ sessionId: entityId });
export const adminCsAssignRequest = z.object({
  sessionId: entityId,
  adminId: entityId.nullable().describe('null: unassign'),
});
export const adminCsCloseRequest = adminCsSessionRequest;
export const adminCsSendRequest = csSendBody.and(z.object({ sessionId: entityId }));
export const adminCsMsgPageRequest = csMsgPageRequest.extend({ sessionId: entityId });
export const adminCsReadRequest = z.object({
  sessionId: entityId,
  lastReadId: z.coerce.number().int().min(0).optional(),
});
export const quickReply = z.object({ id: z.number().int(), text: z.string(), orderNum: z.number().int() });
export const quickReplyListResponse = z.array(quickReply);
export const quickReplySaveRequest = z.object({
  id: entityId.optional().describe('absent: add'),
  text: z.string().trim().min(1).max(QUICK_REPLY_MAX),
  orderNum: z.coerce.number().int().min(0).max(9999).default(0),
});
export const quickReplyDeleteRequest = z.object({ ids: z.array(entityId).min(1).max(100) });
export const adminCsOrderBrief = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  totalAmount: z.number().int(),
  currency: z.string(),
  title: z.string(),
  createdAt: isoTime,
});
export const adminCsUserOrdersResponse = z.array(adminCsOrderBrief);

// complaints and feedback
export const careKind = z.enum(['complain', 'feedback']);
export type CareKind = z.infer<typeof careKind>;
export const careStatus = z
  .union([z.literal(0), z.literal(1), z.literal(2)])
  .describe('0 submitted, 1 in progress, 2 resolved');
export const careSubmitRequest = z.object({
  type: z.coerce
    .number()
    .int()
    .min(0)
    .max(9999)
    .describe('value of the complainType / feedbackType dictionary'),
  content: z.string().trim().min(1).max(CARE_TEXT_MAX),
  pictures: z.array(assetUrl).max(PICTURES_MAX).default([]).describe("URLs of the caller's own uploads"),
  contact: z.string().trim().max(CARE_CONTACT_MAX).default(''),
  orderId: entityId.optional().describe('complaints: one of your own orders'),
});
export const careTicket = z.object({
  id: z.number().int(),
  type: z.number().int(),
  typeName: z.string(),
  content: z.string(),
  pictures: z.array(z.string()),
  contact: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  status: careStatus,
  reply: z.string().nullable(),
  repliedAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type CareTicket = z.infer<typeof careTicket>;
export const carePageRequest = pageRequest.extend({
  type: z.coerce.number().int().min(0).max(9999).optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
});
export const carePageResponse = pageOf(careTicket);
export const careIdQuery = z.object({ id: entityId });
export const adminCareTicket = careTicket.extend({
  user: z.object({ id: z.number().int(), nickname: z.string() }),
});
export const adminCarePageRequest = carePageRequest.extend({ userId: entityId.optional() });
export const adminCarePageResponse = pageOf(adminCareTicket);
export const adminCareReplyRequest = z.object({
  id: entityId,
  reply: z.string().trim().min(1).max(CARE_REPLY_MAX),
  status: z.coerce.number().int().min(1).max(2).default(2),
});
export const adminCareStatusRequest = z.object({
  id: entityId,
  status: z.coerce.number().int().min(0).max(2),
});

/** WebSocket frames of the chat channel (`/api/app/cs/ws`, `/api/admin/cs/ws`). */
export type CsClientFrame =
  | { type: 'auth'; token: string }
  | { type: 'send'; sessionId?: number; msg: CsSendBody }
  | { type: 'read'; sessionId?: number; lastReadId?: number }
  | { type: 'ping' };
export type CsServerFrame =
  | { type: 'ready'; subject: 'user' | 'admin' }
  | { type: 'ack'; clientId: string; message: CsMessage }
  | { type: 'message'; message: CsMessage }
  | { type: 'read'; sessionId: number; reader: 'user' | 'admin'; lastReadId: number }
  | { type: 'session'; sessionId: number }
  | { type: 'error'; clientId?: string; code: number; message: string }
  | { type: 'pong' };
