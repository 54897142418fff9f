import { sql, type Insertable, type Selectable } from 'kysely';
import { pageOf, type Db } from '../../platform/db';
import type {
  CompanyBatchTable,
  CompanyInviteTable,
  CompanyMemberTable,
  CompanyRole,
  CompanyTable,
  CompanyTravellerTable,
} from '../../db/schema';

export type CompanyRow = Selectable<CompanyTable>;
export type MemberRow = Selectable<CompanyMemberTable>;
export type InviteRow = Selectable<CompanyInviteTable>;
export type BatchRow = Selectable<CompanyBatchTable>;
export type TravellerRow = Selectable<CompanyTravellerTable>;

// ---------------------------------------------------------------- companies and members

export const findCompany = (db: Db, id: number) =>
  db.selectFrom('company').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertCompany(db: Db, row: Insertable<CompanyTable>) {
  const r = await db.insertInto('company').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export const updateCompany = (db: Db, id: number, set: Partial<Insertable<CompanyTable>>) =>
  db.updateTable('company').set(set).where('id', '=', id).execute();

export const findMembership = (db: Db, userId: number) =>
  db.selectFrom('company_member').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const membersOf = (db: Db, companyId: number) =>
  db.selectFrom('company_member').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

export async function countMembers(db: Db, companyId: number) {
  const r = await db
    .selectFrom('company_member')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export const insertMember = (db: Db, row: Insertable<CompanyMemberTable>) =>
  db.insertInto('company_member').values(row).execute();

/** Changes a member's role, never the owner's (guarded). True when it changed. */
export async function setMemberRole(
  db: Db,
  companyId: number,
  userId: number,
  role: CompanyRole,
  at: number,
) {
  const r = await db
    .updateTable('company_member')
    .set({ role, updated_at: at })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteMember(db: Db, companyId: number, userId: number) {
  const r = await db
    .deleteFrom('company_member')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// ---------------------------------------------------------------- invitations

export async function insertInvite(db: Db, row: Insertable<CompanyInviteTable>) {
  const r = await db.insertInto('company_invite').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export const findInviteByCode = (db: Db, code: string) =>
  db.selectFrom('company_invite').selectAll().where('code', '=', code).executeTakeFirst();

export const findInvite = (db: Db, id: number) =>
  db.selectFrom('company_invite').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const invitesOf = (db: Db, companyId: number) =>
  db
    .selectFrom('company_invite')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();

/** Spends an invitation once (guarded: unused and unexpired). True when this call spent it. */
export async function useInvite(db: Db, id: number, userId: number, at: number) {
  const r = await db
    .updateTable('company_invite')
    .set({ used_by: userId, used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------- batches and travellers

export async function insertBatch(db: Db, row: Insertable<CompanyBatchTable>) {
  const r = await db.insertInto('company_batch').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export const findBatch = (db: Db, companyId: number, id: number) =>
  db
    .selectFrom('company_batch')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findBatchByOrder = (db: Db, orderId: number) =>
  db.selectFrom('company_batch').selectAll().where('order_id', '=', orderId).executeTakeFirst();

export async function batchPage(
  db: Db,
  companyId: number,
  q: { page: number; size: number; status?: BatchRow['status'] },
) {
  let base = db.selectFrom('company_batch').where('company_id', '=', companyId);
  if (q.status) base = base.where('status', '=', q.status);
  return pageOf(base, base.selectAll().orderBy('id', 'desc'), q);
}

/** How many of a company's orders wait for an approver. */
export async function countAwaiting(db: Db, companyId: number) {
  const r = await db
    .selectFrom('company_batch')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export const batchesOf = (db: Db, companyId: number) =>
  db.selectFrom('company_batch').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

/** Records an approver's decision once (guarded: still awaiting). True when this call decided it. */
export async function decideBatch(
  db: Db,
  id: number,
  d: { status: 'approved' | 'rejected'; by: number; reason: string; at: number },
) {
  const r = await db
    .updateTable('company_batch')
    .set({
      status: d.status,
      decided_by: d.by,
      decision_reason: d.reason,
      decided_at: d.at,
      updated_at: d.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Inserts travellers in chunks (the engines' parameter limits). */
export async function insertTravellers(db: Db, rows: Insertable<CompanyTravellerTable>[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('company_traveller')
      .values(rows.slice(i, i + 500))
      .execute();
}

export const travellersOfBatches = async (db: Db, batchIds: number[]): Promise<TravellerRow[]> =>
  batchIds.length === 0
    ? []
    : db
        .selectFrom('company_traveller')
        .selectAll()
        .where('batch_id', 'in', batchIds)
        .orderBy('batch_id')
        .orderBy('row_no')
        .execute();

/** Travellers of a company still without a member, matched by the member's phone or e-mail. */
export async function linkTravellers(
  db: Db,
  companyId: number,
  userId: number,
  contact: { phone: string | null; email: string | null },
) {
  const { phone, email } = contact;
  if (!phone && !email) return;
  await db
    .updateTable('company_traveller')
    .set({ user_id: userId })
    .where('company_id', '=', companyId)
    .where('user_id', 'is', null)
    .where((eb) =>
      eb.or([
        ...(phone ? [eb('phone', '=', phone)] : []),
        ...(email ? [eb('email', '=', email.toLowerCase())] : []),
      ]),
    )
    .execute();
}

/**
 * Travellers (with a member) still waiting for an eSIM, in batches whose order is paid: the assign job's
 * work; of one order's batch when `orderId` is given (its eSIMs were just delivered).
 */
export const unassignedTravellers = (
  db: Db,
  limit: number,
  scope: { orderId?: number; userId?: number } = {},
) =>
  db
    .selectFrom('company_traveller as t')
    .innerJoin('company_batch as b', 'b.id', 't.batch_id')
    .select(['t.id', 't.batch_id', 't.user_id', 'b.order_id', 'b.company_id'])
    .where('t.iccid', 'is', null)
    .where('t.user_id', 'is not', null)
    .$if(scope.orderId !== undefined, (q) => q.where('b.order_id', '=', scope.orderId!))
    .$if(scope.userId !== undefined, (q) => q.where('t.user_id', '=', scope.userId!))
    .orderBy('t.id')
    .limit(limit)
    .execute();

/** Gives a traveller the card (guarded: the card is nobody else's in the company, the row still has none). */
export async function setTravellerCard(
  db: Db,
  travellerId: number,
  iccid: string | null,
  at: number,
  expect: string | null,
) {
  let q = db.updateTable('company_traveller').set({ iccid, assigned_at: at }).where('id', '=', travellerId);
  q = expect === null ? q.where('iccid', 'is', null) : q.where('iccid', '=', expect);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const travellerOfCard = (db: Db, companyId: number, iccid: string) =>
  db
    .selectFrom('company_traveller')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('iccid', '=', iccid)
    .executeTakeFirst();

export async function companyPage(db: Db, q: { page: number; size: number; keyword?: string }) {
  let base = db.selectFrom('company');
  if (q.keyword) {
    const pattern = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`name like ${pattern} escape '\\'`);
  }
  return pageOf(base, base.selectAll().orderBy('id', 'desc'), q);
}
