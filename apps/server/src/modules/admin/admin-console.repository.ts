import type { Db, Engine } from '../../platform/db';

/** Operators, newest first, by username/name fragment, role and status. */
export async function pageOperators(
  db: Db,
  q: { page: number; size: number; keyword?: string; role?: string; status?: number },
) {
  let base = db.selectFrom('admin_user');
  if (q.keyword) {
    const like = `%${q.keyword.toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or([eb(eb.fn('lower', ['username']), 'like', like), eb(eb.fn('lower', ['name']), 'like', like)]),
    );
  }
  if (q.role) base = base.where('role', '=', q.role);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const list = await base
    .select(['id', 'username', 'name', 'role', 'status', 'created_at'])
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { total: Number(total), list };
}

export async function insertOperator(
  db: Db,
  row: { username: string; name: string; role: string; password_hash: string },
): Promise<number | undefined> {
  const out = await db
    .insertInto('admin_user')
    .values({ ...row, status: 1, created_at: Date.now() })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return out ? Number(out.id) : undefined;
}

export async function updateOperator(
  db: Db,
  id: number,
  set: { name?: string; role?: string; status?: number; password_hash?: string },
): Promise<boolean> {
  const res = await db.updateTable('admin_user').set(set).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Ids of the active owners, locked until the transaction ends on PostgreSQL (always in id order, so two
 * owner changes queue instead of both seeing the other still active); SQLite runs one writer at a time.
 */
export async function lockActiveOwners(trx: Db, engine: Engine): Promise<number[]> {
  const q = trx
    .selectFrom('admin_user')
    .select('id')
    .where('role', '=', 'owner')
    .where('status', '=', 1)
    .orderBy('id');
  const rows = engine === 'postgres' ? await q.forUpdate().execute() : await q.execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Shop users, newest first, by phone/nickname/public id fragment and status. Closed accounts (status 2, the
 * anonymous shells logoff leaves) are listed too: operators must see them (issue 25 defect 13).
 */
export async function pageCustomers(
  db: Db,
  q: { page: number; size: number; keyword?: string; status?: number },
) {
  let base = db.selectFrom('user');
  if (q.keyword) {
    const like = `%${q.keyword.toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or([
        eb('phone', 'like', like),
        eb(eb.fn('lower', ['nickname']), 'like', like),
        eb(eb.fn('lower', ['public_id']), 'like', like),
        eb(eb.fn('lower', ['email']), 'like', like),
      ]),
    );
  }
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const list = await base
    .select(['id', 'public_id', 'phone', 'email', 'nickname', 'status', 'deleted_at', 'created_at'])
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { total: Number(total), list };
}

/** One buyer by public id, a closed account included (read only: setUserStatus leaves it closed). */
export async function findCustomer(db: Db, publicId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'public_id', 'phone', 'email', 'nickname', 'status', 'deleted_at', 'created_at'])
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** Audit entries, newest first, with the operator's name. */
export async function pageAudit(
  db: Db,
  q: {
    page: number;
    size: number;
    adminId?: number;
    action?: string;
    entity?: string;
    entityId?: string;
    from?: number;
    to?: number;
  },
) {
  let base = db.selectFrom('admin_audit as a').leftJoin('admin_user as u', 'u.id', 'a.admin_id');
  if (q.adminId !== undefined) base = base.where('a.admin_id', '=', q.adminId);
  if (q.action) base = base.where('a.action', 'like', `%${q.action}%`);
  if (q.entity) base = base.where('a.entity', '=', q.entity);
  if (q.entityId) base = base.where('a.entity_id', '=', q.entityId);
  if (q.from !== undefined) base = base.where('a.created_at', '>=', q.from);
  if (q.to !== undefined) base = base.where('a.created_at', '<', q.to);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const list = await base
    .select([
      'a.id',
      'a.admin_id',
      'u.name as admin_name',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.before_json',
      'a.after_json',
      'a.ip',
      'a.created_at',
    ])
    .orderBy('a.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { total: Number(total), list };
}
