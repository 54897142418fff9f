import {
  type AdminCsSession,
  type CsGoodsCard,
  type CsMessage,
  type CsOrderCard,
  type CsSendBody,
  type CsSession,
  type Locale,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../platform/db';
import { requirePermission } from '../../platform/auth';
import { can } from '../../platform/roles';
import { iso, parseList, parseTexts, pickField } from '../../platform/columns';
import { fail } from '../../platform/errors';
import { uploadKeyOf, uploadOwnedBy } from '../../platform/upload';
import { ownOrderBrief, recentOrderBriefs } from '../order';
import { findGoods } from '../catalogue';
import {
  advanceRead,
  findLatestSession,
  findMessageByClientId,
  findMessages,
  findMessagesByIds,
  findOpenSession,
  findSession,
  inboxPage,
  insertMessage,
  insertSession,
  namesOf,
  unreadBySession,
  unreadOfUser,
  type MessageRow,
  type SessionRow,
} from './cs.repository';

/** Operators who answer the chat: every role. */
/** The event-bus topic of the chat; payloads are CsEvent. */
export const CS_TOPIC = 'cs';
export type CsEvent =
  | { kind: 'message'; userId: number; message: CsMessage }
  | { kind: 'read'; userId: number; sessionId: number; reader: 'user' | 'admin'; lastReadId: number }
  | { kind: 'session'; userId: number; sessionId: number };

export type CsActor = { kind: 'user' | 'admin'; id: number };
type Body = { text?: string; picture?: string; order?: CsOrderCard; goods?: CsGoodsCard };

const parseBody = (json: string): Body => {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as Body) : {};
  } catch {
    return {};
  }
};

async function toMessages(ctx: AppContext, rows: MessageRow[], sessions: Map<number, SessionRow>) {
  const names = await namesOf(
    ctx.db,
    [...new Set(rows.filter((r) => r.sender === 'user').map((r) => Number(r.sender_id)))],
    [...new Set(rows.filter((r) => r.sender === 'admin').map((r) => Number(r.sender_id)))],
  );
  return rows.map((r): CsMessage => {
    const b = parseBody(r.body);
    const s = sessions.get(Number(r.session_id));
    const peerRead = r.sender === 'user' ? Number(s?.admin_read_id ?? 0) : Number(s?.user_read_id ?? 0);
    return {
      id: r.id,
      sessionId: Number(r.session_id),
      clientId: r.client_id,
      sender: r.sender,
      senderName:
        r.sender === 'user'
          ? (names.users.get(Number(r.sender_id))?.nickname ?? '')
          : (names.admins.get(Number(r.sender_id)) ?? ''),
      type: r.type,
      text: typeof b.text === 'string' ? b.text : '',
      picture: typeof b.picture === 'string' ? b.picture : null,
      order: b.order ?? null,
      goods: b.goods ?? null,
      createdAt: iso(Number(r.created_at)),
      read: peerRead >= r.id,
    };
  });
}

async function toSessions(ctx: AppContext, rows: SessionRow[], viewer: 'user' | 'admin') {
  const unread = await unreadBySession(
    ctx.db,
    rows.map((r) => r.id),
    viewer,
  );
  const last = await findMessagesByIds(
    ctx.db,
    rows.map((r) => Number(r.last_msg_id)).filter((id) => id > 0),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lastMessages = new Map((await toMessages(ctx, last, byId)).map((m) => [m.sessionId, m]));
  const names = await namesOf(
    ctx.db,
    rows.map((r) => Number(r.user_id)),
    rows.flatMap((r) => (r.admin_id === null ? [] : [Number(r.admin_id)])),
  );
  return rows.map((r): AdminCsSession => ({
    id: r.id,
    status: Number(r.status) === 0 ? 'open' : 'closed',
    adminName: r.admin_id === null ? null : (names.admins.get(Number(r.admin_id)) ?? null),
    adminId: r.admin_id === null ? null : Number(r.admin_id),
    unreadCount: unread.get(r.id) ?? 0,
    peerReadId: Number(viewer === 'user' ? r.admin_read_id : r.user_read_id),
    lastMessage: lastMessages.get(r.id) ?? null,
    createdAt: iso(Number(r.created_at)),
    lastMessageAt: iso(Number(r.last_msg_at)),
    user: {
      id: Number(r.user_id),
      nickname: names.users.get(Number(r.user_id))?.nickname ?? '',
      avatarUrl: names.users.get(Number(r.user_id))?.avatarUrl ?? null,
    },
  }));
}

const buyerView = ({ user: _u, adminId: _a, ...s }: AdminCsSession): CsSession => s;

/** The buyer's conversation: the open one, else the latest; null before the first. */
export async function sessionDetail(ctx: AppContext, userId: number): Promise<CsSession | null> {
  const row = await findLatestSession(ctx.db, userId);
  if (!row) return null;
  const [s] = await toSessions(ctx, [row], 'user');
  return s ? buyerView(s) : null;
}

async function openSessionRow(ctx: AppContext, userId: number): Promise<SessionRow> {
  const found = await findOpenSession(ctx.db, userId);
  if (found) return found;
  try {
    await insertSession(ctx.db, userId, Date.now());
  } catch (err) {
    // two tabs opened the chat at once: the other one made it
    if (!isUniqueViolation(err)) throw err;
  }
  const row = (await findOpenSession(ctx.db, userId)) ?? fail('CS_SESSION_NOT_FOUND');
  ctx.events.publish(CS_TOPIC, { kind: 'session', userId, sessionId: row.id } satisfies CsEvent);
  return row;
}

/**
 * Opens (or returns) the buyer's one open conversation. Opened from an order or a goods page, the context
 * is posted once as a card (its client id is derived from the context, so opening again adds nothing).
 */
export async function createSession(
  ctx: AppContext,
  userId: number,
  context: { orderId?: number; goodsId?: number } | undefined,
  locale: Locale,
): Promise<CsSession> {
  const row = await openSessionRow(ctx, userId);
  if (context?.orderId)
    await sendMessage(
      ctx,
      { kind: 'user', id: userId },
      row.id,
      {
        clientId: `ctx-order-${context.orderId}`,
        type: 'order',
        orderId: context.orderId,
      },
      locale,
    );
  else if (context?.goodsId)
    await sendMessage(
      ctx,
      { kind: 'user', id: userId },
      row.id,
      {
        clientId: `ctx-goods-${context.goodsId}`,
        type: 'goods',
        goodsId: context.goodsId,
      },
      locale,
    );
  return (await sessionDetail(ctx, userId)) ?? fail('CS_SESSION_NOT_FOUND');
}

/** The session an actor may use: a buyer only their own (another's reads as absent), an operator any. */
async function sessionFor(ctx: AppContext, actor: CsActor, sessionId: number | undefined) {
  if (sessionId === undefined) {
    if (actor.kind === 'admin') return fail('CS_SESSION_NOT_FOUND');
    return (
      (await findOpenSession(ctx.db, actor.id)) ??
      (await findLatestSession(ctx.db, actor.id)) ??
      fail('CS_SESSION_NOT_FOUND')
    );
  }
  const s = await findSession(ctx.db, sessionId);
  if (!s || (actor.kind === 'user' && Number(s.user_id) !== actor.id)) return fail('CS_SESSION_NOT_FOUND');
  return s;
}

async function buildBody(
  ctx: AppContext,
  actor: CsActor,
  session: SessionRow,
  m: CsSendBody,
  locale: Locale,
): Promise<Body> {
  switch (m.type) {
    case 'text':
      return { text: m.text ?? '' };
    case 'image': {
      const url = m.picture ?? '';
      const ok =
        actor.kind === 'user'
          ? await uploadOwnedBy(ctx.db, url, actor.id)
          : await isOperatorUpload(ctx, url, actor.id);
      if (!ok) fail('CS_PICTURE_NOT_OWNED');
      return { picture: url };
    }
    case 'order': {
      const brief = await ownOrderBrief(ctx.db, Number(session.user_id), m.orderId ?? 0, locale);
      if (!brief) return fail('CS_ORDER_NOT_FOUND');
      const { createdAt: _c, id, ...card } = brief;
      return { order: { orderId: id, ...card } };
    }
    case 'goods': {
      const g = await findGoods(ctx.db, m.goodsId ?? 0);
      if (!g) return fail('GOODS_NOT_FOUND');
      return {
        goods: {
          goodsId: Number(g.id),
          title: pickField(parseTexts<{ title?: string }>(g.texts), locale, 'title') ?? '',
          picture: parseList(g.pictures)[0] ?? null,
          price: g.min_price === null ? null : Number(g.min_price),
          currency: ctx.config.currency,
        },
      };
    }
  }
}

async function isOperatorUpload(ctx: AppContext, url: string, adminId: number) {
  const key = uploadKeyOf(url);
  if (!key) return false;
  const row = await ctx.db
    .selectFrom('upload')
    .select('id')
    .where('file_key', '=', key)
    .where('owner_kind', '=', 'admin')
    .where('owner_id', '=', adminId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sends a message into a session (a buyer: their own open one when `sessionId` is absent). Idempotent by
 * client id: a resend returns the stored message (`duplicate`) and tells no one again.
 */
export async function sendMessage(
  ctx: AppContext,
  actor: CsActor,
  sessionId: number | undefined,
  m: CsSendBody,
  locale: Locale,
): Promise<{ message: CsMessage; duplicate: boolean }> {
  const session =
    actor.kind === 'user' && sessionId === undefined
      ? await openSessionRow(ctx, actor.id)
      : await sessionFor(ctx, actor, sessionId);
  const existing = await findMessageByClientId(ctx.db, session.id, actor.kind, m.clientId);
  if (existing) return { message: await messageOut(ctx, existing), duplicate: true };
  if (Number(session.status) !== 0) fail('CS_SESSION_CLOSED');
  const body = await buildBody(ctx, actor, session, m, locale);
  let row: MessageRow;
  try {
    row = await ctx.db.transaction().execute((trx) =>
      insertMessage(trx, {
        session_id: session.id,
        sender: actor.kind,
        sender_id: actor.id,
        client_id: m.clientId,
        type: m.type,
        body: JSON.stringify(body),
        created_at: Date.now(),
      }),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // the same client id raced in through another connection or instance
    const won = (await findMessageByClientId(ctx.db, session.id, actor.kind, m.clientId)) ?? fail('CONFLICT');
    return { message: await messageOut(ctx, won), duplicate: true };
  }
  const message = await messageOut(ctx, row);
  ctx.events.publish(CS_TOPIC, {
    kind: 'message',
    userId: Number(session.user_id),
    message,
  } satisfies CsEvent);
  return { message, duplicate: false };
}

async function messageOut(ctx: AppContext, row: MessageRow): Promise<CsMessage> {
  const s = (await findSession(ctx.db, Number(row.session_id))) ?? fail('CS_SESSION_NOT_FOUND');
  const [m] = await toMessages(ctx, [row], new Map([[s.id, s]]));
  return m ?? fail('CS_SESSION_NOT_FOUND');
}

/**
 * A page of a session's messages: newest first (scrolling back), or with `afterId` the ones after it,
 * oldest first (catch-up after a reconnect).
 */
export async function messagePage(
  ctx: AppContext,
  actor: CsActor,
  q: { sessionId?: number; afterId?: number; page: number; size: number },
) {
  const session =
    actor.kind === 'user' && q.sessionId === undefined
      ? await findOpenSession(ctx.db, actor.id).then((s) => s ?? findLatestSession(ctx.db, actor.id))
      : await sessionFor(ctx, actor, q.sessionId);
  if (!session) return { list: [], pagination: { page: q.page, size: q.size, total: 0 } };
  const { rows, total } = await findMessages(ctx.db, session.id, {
    afterId: q.afterId,
    limit: q.size,
    offset: (q.page - 1) * q.size,
  });
  return {
    list: await toMessages(ctx, rows, new Map([[session.id, session]])),
    pagination: { page: q.page, size: q.size, total },
  };
}

/** Marks a session read up to `lastReadId` (default: all); tells the other side (read receipts). */
export async function markRead(
  ctx: AppContext,
  actor: CsActor,
  sessionId: number | undefined,
  lastReadId: number | undefined,
) {
  const s = await sessionFor(ctx, actor, sessionId);
  const upTo = Math.min(lastReadId ?? Number(s.last_msg_id), Number(s.last_msg_id));
  const after = (await advanceRead(ctx.db, s.id, actor.kind, upTo)) ?? s;
  const read = Number(actor.kind === 'user' ? after.user_read_id : after.admin_read_id);
  ctx.events.publish(CS_TOPIC, {
    kind: 'read',
    userId: Number(s.user_id),
    sessionId: s.id,
    reader: actor.kind,
    lastReadId: read,
  } satisfies CsEvent);
  const unread = (await unreadBySession(ctx.db, [s.id], actor.kind)).get(s.id) ?? 0;
  return { lastReadId: read, unreadCount: unread };
}

/** Messages from the shop the buyer has not read yet (the badge on "my" and the tab bar). */
export const unreadCount = async (ctx: AppContext, userId: number) => ({
  count: await unreadOfUser(ctx.db, userId),
});

// operators

/** Throws unless the operator may answer the chat. */
export const assertCsOperator = (ctx: AppContext, adminId: number) => requirePermission(ctx, adminId, 'care');

/** The operators' inbox: sessions by latest message, filtered by status, assignment, unread, nickname. */
export async function adminInbox(
  ctx: AppContext,
  adminId: number,
  q: {
    page: number;
    size: number;
    status?: 'open' | 'closed';
    assigned?: 'me' | 'none' | 'any';
    unread?: number;
    keyword?: string;
  },
) {
  await assertCsOperator(ctx, adminId);
  const { rows, total } = await inboxPage(ctx.db, {
    status: q.status === undefined ? undefined : q.status === 'open' ? 0 : 1,
    adminId: q.assigned === 'me' ? adminId : q.assigned === 'none' ? null : undefined,
    unread: q.unread === 1,
    keyword: q.keyword || undefined,
    limit: q.size,
    offset: (q.page - 1) * q.size,
  });
  return { list: await toSessions(ctx, rows, 'admin'), pagination: { page: q.page, size: q.size, total } };
}

export async function adminSession(ctx: AppContext, adminId: number, sessionId: number) {
  await assertCsOperator(ctx, adminId);
  const s = (await findSession(ctx.db, sessionId)) ?? fail('CS_SESSION_NOT_FOUND');
  const [out] = await toSessions(ctx, [s], 'admin');
  return out ?? fail('CS_SESSION_NOT_FOUND');
}

/** Assigns a session to an operator (or nobody). */
export async function assignSession(ctx: AppContext, adminId: number, sessionId: number, to: number | null) {
  await assertCsOperator(ctx, adminId);
  const s = (await findSession(ctx.db, sessionId)) ?? fail('CS_SESSION_NOT_FOUND');
  if (to !== null) {
    const target = await ctx.db
      .selectFrom('admin_user')
      .select(['id', 'role', 'status'])
      .where('id', '=', to)
      .executeTakeFirst();
    if (!target || target.status !== 1 || !can(target.role, 'care')) fail('CS_ADMIN_NOT_FOUND');
  }
  await ctx.db
    .updateTable('cs_session')
    .set({ admin_id: to, updated_at: Date.now() })
    .where('id', '=', s.id)
    .execute();
  ctx.events.publish(CS_TOPIC, {
    kind: 'session',
    userId: Number(s.user_id),
    sessionId: s.id,
  } satisfies CsEvent);
  return adminSession(ctx, adminId, sessionId);
}

/** Ends a conversation; the buyer's next message opens a new one. */
export async function closeSession(ctx: AppContext, adminId: number, sessionId: number) {
  await assertCsOperator(ctx, adminId);
  const s = (await findSession(ctx.db, sessionId)) ?? fail('CS_SESSION_NOT_FOUND');
  await ctx.db
    .updateTable('cs_session')
    .set({ status: 1, updated_at: Date.now() })
    .where('id', '=', s.id)
    .execute();
  ctx.events.publish(CS_TOPIC, {
    kind: 'session',
    userId: Number(s.user_id),
    sessionId: s.id,
  } satisfies CsEvent);
  return adminSession(ctx, adminId, sessionId);
}

/** The buyer's latest orders, shown beside the chat. */
export async function adminUserOrders(ctx: AppContext, adminId: number, sessionId: number, locale: Locale) {
  await assertCsOperator(ctx, adminId);
  const s = (await findSession(ctx.db, sessionId)) ?? fail('CS_SESSION_NOT_FOUND');
  const orders = await recentOrderBriefs(ctx.db, Number(s.user_id), locale, 10);
  return orders.map(({ picture: _p, quantity: _q, ...o }) => o);
}

// quick replies

export async function listQuickReplies(ctx: AppContext, adminId: number) {
  await assertCsOperator(ctx, adminId);
  const rows = await ctx.db
    .selectFrom('cs_quick_reply')
    .selectAll()
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), text: r.text, orderNum: Number(r.order_num) }));
}

export async function saveQuickReply(
  ctx: AppContext,
  adminId: number,
  q: { id?: number; text: string; orderNum: number },
) {
  await assertCsOperator(ctx, adminId);
  const at = Date.now();
  if (q.id !== undefined) {
    const r = await ctx.db
      .updateTable('cs_quick_reply')
      .set({ text: q.text, order_num: q.orderNum, updated_at: at })
      .where('id', '=', q.id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) fail('CS_QUICK_REPLY_NOT_FOUND');
    return { id: q.id, text: q.text, orderNum: q.orderNum };
  }
  const r = await ctx.db
    .insertInto('cs_quick_reply')
    .values({ text: q.text, order_num: q.orderNum, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(r.id), text: q.text, orderNum: q.orderNum };
}

export async function deleteQuickReplies(ctx: AppContext, adminId: number, ids: number[]) {
  await assertCsOperator(ctx, adminId);
  await ctx.db.deleteFrom('cs_quick_reply').where('id', 'in', ids).execute();
  return null;
}
