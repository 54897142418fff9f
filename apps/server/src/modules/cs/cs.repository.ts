import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { CsMessageTable, CsSessionTable } from '../../db/schema';

export type SessionRow = Omit<CsSessionTable, 'id'> & { id: number };
export type MessageRow = Omit<CsMessageTable, 'id'> & { id: number };

const num = <T extends { id: number }>(r: T): T => ({ ...r, id: Number(r.id) });

export async function findOpenSession(db: Db, userId: number): Promise<SessionRow | undefined> {
  const r = await db
    .selectFrom('cs_session')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', sql.lit(0))
    .executeTakeFirst();
  return r && num(r);
}

/** The open session, else the latest closed one. */
export async function findLatestSession(db: Db, userId: number): Promise<SessionRow | undefined> {
  const r = await db
    .selectFrom('cs_session')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('status')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return r && num(r);
}

export async function findSession(db: Db, id: number): Promise<SessionRow | undefined> {
  const r = await db.selectFrom('cs_session').selectAll().where('id', '=', id).executeTakeFirst();
  return r && num(r);
}

export async function insertSession(db: Db, userId: number, at: number): Promise<number> {
  const r = await db
    .insertInto('cs_session')
    .values({
      user_id: userId,
      status: 0,
      admin_id: null,
      user_read_id: 0,
      admin_read_id: 0,
      last_msg_id: 0,
      last_msg_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function findMessageByClientId(
  db: Db,
  sessionId: number,
  sender: 'user' | 'admin',
  clientId: string,
): Promise<MessageRow | undefined> {
  const r = await db
    .selectFrom('cs_message')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('sender', '=', sender)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return r && num(r);
}

export async function insertMessage(db: Db, m: Omit<MessageRow, 'id'>): Promise<MessageRow> {
  const r = await db.insertInto('cs_message').values(m).returning('id').executeTakeFirstOrThrow();
  const id = Number(r.id);
  const readCol = m.sender === 'user' ? 'user_read_id' : 'admin_read_id';
  await db
    .updateTable('cs_session')
    .set({ last_msg_id: id, last_msg_at: m.created_at, updated_at: m.created_at, [readCol]: id })
    .where('id', '=', m.session_id)
    .execute();
  return { ...m, id };
}

export async function findMessages(
  db: Db,
  sessionId: number,
  opts: { afterId?: number; limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  let q = db.selectFrom('cs_message').where('session_id', '=', sessionId);
  if (opts.afterId !== undefined) q = q.where('id', '>', opts.afterId);
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('id', opts.afterId !== undefined ? 'asc' : 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  return { rows: rows.map(num), total: Number(total) };
}

/** Moves one side's read receipt forward (never back) up to `upTo`; returns the session after. */
export async function advanceRead(db: Db, sessionId: number, reader: 'user' | 'admin', upTo: number) {
  const col = reader === 'user' ? 'user_read_id' : 'admin_read_id';
  await db
    .updateTable('cs_session')
    .set({ [col]: sql`case when ${sql.ref(col)} < ${upTo} then ${upTo} else ${sql.ref(col)} end` })
    .where('id', '=', sessionId)
    .execute();
  return findSession(db, sessionId);
}

/** Messages from the other side after the reader's receipt, per session. */
export async function unreadBySession(
  db: Db,
  sessionIds: number[],
  reader: 'user' | 'admin',
): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const readCol = reader === 'user' ? 's.user_read_id' : 's.admin_read_id';
  const rows = await db
    .selectFrom('cs_message as m')
    .innerJoin('cs_session as s', 's.id', 'm.session_id')
    .select(['m.session_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('m.session_id', 'in', sessionIds)
    .where('m.sender', '!=', reader)
    .whereRef('m.id', '>', readCol)
    .groupBy('m.session_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.session_id), Number(r.n)]));
}

export async function unreadOfUser(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('cs_message as m')
    .innerJoin('cs_session as s', 's.id', 'm.session_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.user_id', '=', userId)
    .where('m.sender', '=', 'admin')
    .whereRef('m.id', '>', 's.user_read_id')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findMessagesByIds(db: Db, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('cs_message').selectAll().where('id', 'in', ids).execute()).map(num);
}

export async function namesOf(db: Db, userIds: number[], adminIds: number[]) {
  const users =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('user')
          .select(['id', 'nickname', 'avatar_url'])
          .where('id', 'in', userIds)
          .execute();
  const admins =
    adminIds.length === 0
      ? []
      : await db.selectFrom('admin_user').select(['id', 'name']).where('id', 'in', adminIds).execute();
  return {
    users: new Map(users.map((u) => [Number(u.id), { nickname: u.nickname, avatarUrl: u.avatar_url }])),
    admins: new Map(admins.map((a) => [Number(a.id), a.name])),
  };
}

export async function inboxPage(
  db: Db,
  f: {
    status?: number;
    adminId?: number | null;
    unread?: boolean;
    keyword?: string;
    limit: number;
    offset: number;
  },
) {
  let q = db.selectFrom('cs_session as s').innerJoin('user as u', 'u.id', 's.user_id');
  if (f.status !== undefined) q = q.where('s.status', '=', f.status);
  if (f.adminId === null) q = q.where('s.admin_id', 'is', null);
  else if (f.adminId !== undefined) q = q.where('s.admin_id', '=', f.adminId);
  if (f.unread) q = q.whereRef('s.last_msg_id', '>', 's.admin_read_id');
  if (f.keyword) {
    const pattern = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`u.nickname like ${pattern} escape '\\'`);
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('s')
    .orderBy('s.last_msg_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { rows: rows.map(num), total: Number(total) };
}
