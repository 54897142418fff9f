import type { CareKind, CareTicket, Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { requirePermission } from '../../platform/auth';
import { iso, parseList } from '../../platform/columns';
import { fail } from '../../platform/errors';
import { uploadOwnedBy } from '../../platform/upload';
import type { CareTicketTable } from '../../db/schema';
import { findDictItems, findDictTypes, localName } from '../dict';
import { orderNumbers, ownOrderBrief } from '../order';

/** Operators who answer complaints and feedback. */
const DICT_KEY: Record<CareKind, string> = { complain: 'complainType', feedback: 'feedbackType' };

type Row = Omit<CareTicketTable, 'id'> & { id: number };

/** The type names of a kind's dictionary, by numeric value, in the caller's language. */
async function typeNames(ctx: AppContext, kind: CareKind, locale: Locale): Promise<Map<number, string>> {
  const types = await findDictTypes(ctx.db, [DICT_KEY[kind]]);
  const items = await findDictItems(
    ctx.db,
    types.map((t) => t.id),
  );
  const names = new Map<number, string>();
  for (const i of items) {
    const v = Number(i.value === null || i.value === '' ? i.id : i.value);
    if (Number.isInteger(v)) names.set(v, localName(i.name, i.name_i18n, locale));
  }
  return names;
}

async function toTickets(
  ctx: AppContext,
  kind: CareKind,
  rows: Row[],
  locale: Locale,
): Promise<CareTicket[]> {
  const names = await typeNames(ctx, kind, locale);
  const orderNos = await orderNumbers(
    ctx.db,
    rows.flatMap((r) => (r.order_id === null ? [] : [Number(r.order_id)])),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    type: Number(r.type),
    typeName: names.get(Number(r.type)) ?? String(r.type),
    content: r.content,
    pictures: parseList(r.pictures),
    contact: r.contact,
    orderId: r.order_id === null ? null : Number(r.order_id),
    orderNo: r.order_id === null ? null : (orderNos.get(Number(r.order_id)) ?? null),
    status: (Number(r.status) === 2 ? 2 : Number(r.status) === 1 ? 1 : 0) as 0 | 1 | 2,
    reply: r.reply,
    repliedAt: r.replied_at === null ? null : iso(Number(r.replied_at)),
    createdAt: iso(Number(r.created_at)),
    updatedAt: iso(Number(r.updated_at)),
  }));
}

/**
 * Files a complaint or feedback: the type must be in its dictionary, every picture the caller's own upload,
 * a linked order (complaints) the caller's own.
 */
export async function submitTicket(
  ctx: AppContext,
  kind: CareKind,
  userId: number,
  req: { type: number; content: string; pictures: string[]; contact: string; orderId?: number },
  locale: Locale,
): Promise<CareTicket> {
  if (!(await typeNames(ctx, kind, locale)).has(req.type)) fail('CARE_TYPE_INVALID');
  for (const p of req.pictures) if (!(await uploadOwnedBy(ctx.db, p, userId))) fail('CS_PICTURE_NOT_OWNED');
  let orderId: number | null = null;
  if (req.orderId !== undefined && kind === 'complain') {
    if (!(await ownOrderBrief(ctx.db, userId, req.orderId, locale))) fail('CS_ORDER_NOT_FOUND');
    orderId = req.orderId;
  }
  const at = Date.now();
  const r = await ctx.db
    .insertInto('care_ticket')
    .values({
      kind,
      user_id: userId,
      type: req.type,
      content: req.content,
      pictures: JSON.stringify(req.pictures),
      contact: req.contact,
      order_id: orderId,
      status: 0,
      reply: null,
      replied_at: null,
      admin_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return ticketInfo(ctx, kind, userId, Number(r.id), locale);
}

async function findRow(ctx: AppContext, kind: CareKind, id: number, userId?: number) {
  let q = ctx.db.selectFrom('care_ticket').selectAll().where('id', '=', id).where('kind', '=', kind);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const r = await q.executeTakeFirst();
  return r ? { ...r, id: Number(r.id) } : fail('CARE_NOT_FOUND');
}

/** One of the caller's own tickets (another buyer's reads as not found). */
export async function ticketInfo(
  ctx: AppContext,
  kind: CareKind,
  userId: number,
  id: number,
  locale: Locale,
) {
  const [t] = await toTickets(ctx, kind, [await findRow(ctx, kind, id, userId)], locale);
  return t ?? fail('CARE_NOT_FOUND');
}

async function page(
  ctx: AppContext,
  kind: CareKind,
  q: { page: number; size: number; type?: number; status?: number; userId?: number },
) {
  let base = ctx.db.selectFrom('care_ticket').where('kind', '=', kind);
  if (q.userId !== undefined) base = base.where('user_id', '=', q.userId);
  if (q.type !== undefined) base = base.where('type', '=', q.type);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total: Number(total) };
}

/** The caller's own tickets of a kind, newest first, filtered by type and status. */
export async function ticketPage(
  ctx: AppContext,
  kind: CareKind,
  userId: number,
  q: { page: number; size: number; type?: number; status?: number },
  locale: Locale,
) {
  const { rows, total } = await page(ctx, kind, { ...q, userId });
  return {
    list: await toTickets(ctx, kind, rows, locale),
    pagination: { page: q.page, size: q.size, total },
  };
}

// operators

async function withUsers(ctx: AppContext, kind: CareKind, rows: Row[], locale: Locale) {
  const tickets = await toTickets(ctx, kind, rows, locale);
  const ids = [...new Set(rows.map((r) => Number(r.user_id)))];
  const users =
    ids.length === 0
      ? []
      : await ctx.db.selectFrom('user').select(['id', 'nickname']).where('id', 'in', ids).execute();
  const names = new Map(users.map((u) => [Number(u.id), u.nickname]));
  return tickets.map((t, i) => {
    const uid = Number(rows[i]?.user_id ?? 0);
    return { ...t, user: { id: uid, nickname: names.get(uid) ?? '' } };
  });
}

export async function adminTicketPage(
  ctx: AppContext,
  kind: CareKind,
  adminId: number,
  q: { page: number; size: number; type?: number; status?: number; userId?: number },
  locale: Locale,
) {
  await requirePermission(ctx, adminId, 'care');
  const { rows, total } = await page(ctx, kind, q);
  return {
    list: await withUsers(ctx, kind, rows, locale),
    pagination: { page: q.page, size: q.size, total },
  };
}

export async function adminTicketInfo(
  ctx: AppContext,
  kind: CareKind,
  adminId: number,
  id: number,
  locale: Locale,
) {
  await requirePermission(ctx, adminId, 'care');
  const [t] = await withUsers(ctx, kind, [await findRow(ctx, kind, id)], locale);
  return t ?? fail('CARE_NOT_FOUND');
}

/** Answers a ticket; the buyer sees the reply on its detail page. Resolves it unless told "in progress". */
export async function replyTicket(
  ctx: AppContext,
  kind: CareKind,
  adminId: number,
  req: { id: number; reply: string; status: number },
  locale: Locale,
) {
  await requirePermission(ctx, adminId, 'care');
  await findRow(ctx, kind, req.id);
  const at = Date.now();
  await ctx.db
    .updateTable('care_ticket')
    .set({ reply: req.reply, replied_at: at, admin_id: adminId, status: req.status, updated_at: at })
    .where('id', '=', req.id)
    .execute();
  return adminTicketInfo(ctx, kind, adminId, req.id, locale);
}

export async function setTicketStatus(
  ctx: AppContext,
  kind: CareKind,
  adminId: number,
  req: { id: number; status: number },
  locale: Locale,
) {
  await requirePermission(ctx, adminId, 'care');
  await findRow(ctx, kind, req.id);
  await ctx.db
    .updateTable('care_ticket')
    .set({ status: req.status, updated_at: Date.now() })
    .where('id', '=', req.id)
    .execute();
  return adminTicketInfo(ctx, kind, adminId, req.id, locale);
}
