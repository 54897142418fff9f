import type { Insertable, Selectable, Updateable } from 'kysely';
import { pageOf, type Db } from '../../platform/db';
import type { SimCardIssueTable, SimCardTable, SimDeliveryTable } from '../../db/schema';

export type SimCardRow = Selectable<SimCardTable>;
export type SimDeliveryRow = Selectable<SimDeliveryTable>;
export type SimCardIssueRow = Selectable<SimCardIssueTable>;

/** The physical card the shop sold under this ICCID, if any (migration 0171). */
export const findIssue = (db: Db, iccid: string) =>
  db.selectFrom('sim_card_issue').selectAll().where('iccid', '=', iccid).executeTakeFirst();

export const findIssues = (db: Db, iccids: string[]) =>
  iccids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('sim_card_issue').selectAll().where('iccid', 'in', iccids).execute();

export const insertIssues = (db: Db, rows: Insertable<SimCardIssueTable>[]) =>
  db.insertInto('sim_card_issue').values(rows).execute();

/**
 * Counts one bind-code attempt before the code is checked: only while the card is unbound and under `max`
 * attempts (one conditional update, so parallel guesses cannot pass the cap). False: locked or bound.
 */
export async function countBindAttempt(db: Db, id: number, max: number) {
  const res = await db
    .updateTable('sim_card_issue')
    .set((eb) => ({ bind_attempts: eb('bind_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('bind_attempts', '<', max)
    .where('bound_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Uses the card's right to bind once: false when it was already used. */
export async function claimIssue(db: Db, id: number, userId: number, at: number) {
  const res = await db
    .updateTable('sim_card_issue')
    .set({ bound_user_id: userId, bound_at: at })
    .where('id', '=', id)
    .where('bound_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const findCard = (db: Db, iccid: string) =>
  db.selectFrom('sim_card').selectAll().where('iccid', '=', iccid).executeTakeFirst();

/** One of the user's cards; anyone else's card does not exist for them. */
export const findOwnCard = (db: Db, userId: number, iccid: string) =>
  db
    .selectFrom('sim_card')
    .selectAll()
    .where('iccid', '=', iccid)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const listOwnCards = (db: Db, userId: number) =>
  db.selectFrom('sim_card').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();

export const cardsToRefresh = (db: Db, limit: number) =>
  db
    .selectFrom('sim_card')
    .selectAll()
    .where('status', 'not in', ['expired'])
    .orderBy('usage_as_of', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();

/** Binds a card; false when the ICCID is already someone's (the unique index decides a race). */
export async function insertCard(db: Db, row: Insertable<SimCardTable>) {
  const res = await db
    .insertInto('sim_card')
    .values(row)
    .onConflict((oc) => oc.column('iccid').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const updateCard = (db: Db, id: number, set: Updateable<SimCardTable>) =>
  db.updateTable('sim_card').set(set).where('id', '=', id).execute();

export async function insertUsagePoint(db: Db, cardId: number, usedBytes: number, asOf: number) {
  await db
    .insertInto('sim_usage')
    .values({ sim_card_id: cardId, used_bytes: usedBytes, as_of: asOf })
    .onConflict((oc) => oc.columns(['sim_card_id', 'as_of']).doNothing())
    .execute();
}

/** The latest `limit` points, oldest first. */
export async function usageHistory(db: Db, cardId: number, limit = 200) {
  const rows = await db
    .selectFrom('sim_usage')
    .select(['used_bytes', 'as_of'])
    .where('sim_card_id', '=', cardId)
    .orderBy('as_of', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

// ---------------------------------------------------------------- deliveries

export const findDeliveryByLine = (db: Db, orderLineId: number) =>
  db.selectFrom('sim_delivery').selectAll().where('order_line_id', '=', orderLineId).executeTakeFirst();
/** The cards a bulk top-up order tops up (issue 28), in order; none for a single top-up. */
export async function insertTopUpTargets(db: Db, orderId: number, iccids: string[]) {
  for (let i = 0; i < iccids.length; i += 500)
    await db
      .insertInto('sim_topup_target')
      .values(iccids.slice(i, i + 500).map((iccid, k) => ({ order_id: orderId, position: i + k, iccid })))
      .execute();
}
export const topUpTargetsOf = async (db: Db, orderId: number) =>
  (
    await db
      .selectFrom('sim_topup_target')
      .select('iccid')
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute()
  ).map((r) => r.iccid);
export const findDeliveryByReference = (db: Db, reference: string) =>
  db.selectFrom('sim_delivery').selectAll().where('reference', '=', reference).executeTakeFirst();
export const findDelivery = (db: Db, id: number) =>
  db.selectFrom('sim_delivery').selectAll().where('id', '=', id).executeTakeFirst();
export const deliveriesOfOrder = (db: Db, orderId: number) =>
  db.selectFrom('sim_delivery').selectAll().where('order_id', '=', orderId).execute();

export async function insertDelivery(db: Db, row: Insertable<SimDeliveryTable>) {
  await db
    .insertInto('sim_delivery')
    .values(row)
    .onConflict((oc) => oc.column('order_line_id').doNothing())
    .execute();
}

/** Guarded move between delivery states; true when this caller made it. */
export async function moveDelivery(
  db: Db,
  id: number,
  from: SimDeliveryRow['state'],
  set: Updateable<SimDeliveryTable>,
) {
  const res = await db
    .updateTable('sim_delivery')
    .set(set)
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const updateDelivery = (db: Db, id: number, set: Updateable<SimDeliveryTable>) =>
  db.updateTable('sim_delivery').set(set).where('id', '=', id).execute();

export async function deliveryPage(db: Db, q: { page: number; size: number; state?: string }) {
  let base = db.selectFrom('sim_delivery');
  if (q.state) base = base.where('state', '=', q.state as SimDeliveryRow['state']);
  return pageOf(base, base.selectAll().orderBy('id', 'desc'), q);
}

/** The order line a delivery is made from, with its order's owner and card number. */
export const lineWithOrder = (db: Db, orderLineId: number) =>
  db
    .selectFrom('order_line as l')
    .innerJoin('shop_order as o', 'o.id', 'l.order_id')
    .select([
      'l.id',
      'l.order_id',
      'l.quantity',
      'l.goods_type',
      'l.goods_snapshot',
      'l.spec_snapshot',
      'o.user_id',
      'o.card_number',
      'o.paid_at',
    ])
    .where('l.id', '=', orderLineId)
    .executeTakeFirst();

// ---------------------------------------------------------------- notices

export async function insertNotice(
  db: Db,
  n: { userId: number; kind: string; iccid: string | null; params: object; at: number },
) {
  await db
    .insertInto('sim_notice')
    .values({
      user_id: n.userId,
      kind: n.kind,
      iccid: n.iccid,
      params: JSON.stringify(n.params),
      read_at: null,
      created_at: n.at,
    })
    .execute();
}

export async function noticePage(db: Db, userId: number, page: number, size: number) {
  const base = db.selectFrom('sim_notice').where('user_id', '=', userId);
  return pageOf(base, base.selectAll().orderBy('id', 'desc'), { page, size });
}

export async function unreadNotices(db: Db, userId: number) {
  const r = await db
    .selectFrom('sim_notice')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function markNoticesRead(db: Db, userId: number, ids: number[] | undefined, at: number) {
  let q = db
    .updateTable('sim_notice')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids.length > 0 ? ids : [-1]);
  await q.execute();
}

/** What was bought, per order line: the goods and spec as they were sold (the plan's own texts). */
export const lineSnapshots = (db: Db, lineIds: number[]) =>
  lineIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('order_line')
        .select(['id', 'goods_snapshot', 'spec_snapshot'])
        .where('id', 'in', lineIds)
        .execute();

/** The operator's pricing rule row (id 1), if one was saved. */
export const findPartnerPricing = (db: Db) =>
  db.selectFrom('partner_pricing').selectAll().where('id', '=', 1).executeTakeFirst();

/** Saves the operator's pricing rule (one row, upserted). */
export const savePartnerPricing = (
  db: Db,
  row: { markup_percent: number; fx_rate: number; admin_id: number; updated_at: number },
) =>
  db
    .insertInto('partner_pricing')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();

export const deletePartnerPricing = (db: Db) =>
  db.deleteFrom('partner_pricing').where('id', '=', 1).execute();

/** The eSIMs a delivered line bound to its buyer, still offered (not taken back), in ICCID order. */
export const esimCardsOfLine = (db: Db, orderLineId: number) =>
  db
    .selectFrom('sim_card')
    .selectAll()
    .where('order_line_id', '=', orderLineId)
    .where('kind', '=', 'esim')
    .where('activation_enc', 'is not', null)
    .where('status', '!=', 'expired')
    .orderBy('iccid')
    .execute();

/** Every eSIM a line bound (taken back or not), in ICCID order: what operators may open. */
export const allEsimCardsOfLine = (db: Db, orderLineId: number) =>
  db
    .selectFrom('sim_card')
    .select(['iccid', 'activation_enc', 'status'])
    .where('order_line_id', '=', orderLineId)
    .where('kind', '=', 'esim')
    .orderBy('iccid')
    .execute();

/** How many of an account's cards were read on request since `since` (the refresh's account cap). */
export async function recentRefreshCount(db: Db, userId: number, since: number) {
  const row = await db
    .selectFrom('sim_card')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('refresh_asked_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Claims a card's on-request reading: true for the one caller whose last ask is older than `since`. */
export async function claimRefresh(db: Db, cardId: number, since: number, at: number) {
  const res = await db
    .updateTable('sim_card')
    .set({ refresh_asked_at: at })
    .where('id', '=', cardId)
    .where((eb) => eb.or([eb('refresh_asked_at', 'is', null), eb('refresh_asked_at', '<=', since)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A partner package's validity: its days and when they start counting (null: the package is unknown). */
export const packageValidity = (db: Db, code: string) =>
  db
    .selectFrom('partner_commodity')
    .select(['validity_days', 'validity_start'])
    .where('code', '=', code)
    .executeTakeFirst();
