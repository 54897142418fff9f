import type { CompanyFleetCard, Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { cardsOfOrders, fleetCardViews, handOverCard } from '../simcard';
import { seatOf } from './company-members.service';
import {
  batchesOf,
  findBatchByOrder,
  findCompany,
  findMembership,
  membersOf,
  travellerOfCard,
  travellersOfBatches,
  unassignedTravellers,
} from './company.repository';
import { isUniqueViolation, type Db } from '../../platform/db';

// Assignment: each eSIM of a batch goes to one of its travellers (the card's holder becomes the traveller:
// they see it in My SIM cards with its install link, and get the delivery notice). The company (owner and
// buyers) sees every card of its batches with its traveller, usage, forecast and expiry, and hands a card
// that is not installed to another traveller.

const ASSIGN_BATCH = 200;

/** Moves a card to a traveller row and its holder in one transaction; false when either guard lost. */
async function assignIn(
  trx: Db,
  travellerId: number,
  iccid: string,
  from: { userId: number; iccid: string | null },
  toUserId: number,
  at: number,
) {
  let q = trx
    .updateTable('company_traveller')
    .set({ iccid, user_id: toUserId, assigned_at: at })
    .where('id', '=', travellerId);
  q =
    from.iccid === null
      ? q.where('iccid', 'is', null)
      : q.where('iccid', '=', from.iccid).where('user_id', '=', from.userId);
  const moved = Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  if (!moved) return false;
  return handOverCard(trx, iccid, from.userId, toUserId, at);
}

/** A lost guard rolls the transaction back with this; the caller decides what it means. */
class Lost extends Error {}

/**
 * Gives every traveller (who is a member) of a delivered batch one of the batch's free eSIMs: a card still
 * held by the company account, not installed and nobody's in the batch; only the batch of `scope.orderId`
 * when given. Run when a batch's eSIMs are delivered (the simcard module's delivered event) and by the
 * company.assign tick as a backstop (a run cut short; travellers who join later get theirs on joining); returns how many were
 * assigned.
 */
export async function assignFleetCards(
  ctx: AppContext,
  scope: { orderId?: number; userId?: number } = {},
  at = Date.now(),
) {
  const pending = await unassignedTravellers(ctx.db, ASSIGN_BATCH, scope);
  let assigned = 0;
  const byOrder = new Map<number, typeof pending>();
  for (const p of pending) byOrder.set(Number(p.order_id), [...(byOrder.get(Number(p.order_id)) ?? []), p]);
  for (const [orderId, rows] of byOrder) {
    const batch = await findBatchByOrder(ctx.db, orderId);
    const company = batch && (await findCompany(ctx.db, Number(batch.company_id)));
    if (!batch || !company) continue;
    const owner = Number(company.owner_user_id);
    const taken = new Set(
      (await travellersOfBatches(ctx.db, [Number(batch.id)])).map((t) => t.iccid).filter((x) => x !== null),
    );
    const free = (await cardsOfOrders(ctx.db, [orderId])).filter(
      (c) => c.userId === owner && c.status === 'not_installed' && !taken.has(c.iccid),
    );
    for (const row of rows) {
      const card = free.shift();
      if (!card) break;
      const ok = await ctx.db
        .transaction()
        .execute(async (trx) => {
          if (
            !(await assignIn(
              trx,
              Number(row.id),
              card.iccid,
              { userId: owner, iccid: null },
              Number(row.user_id),
              at,
            ))
          )
            throw new Lost();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof Lost) return false;
          // another run gave this card to someone first (unique ICCID per traveller row)
          if (isUniqueViolation(err)) return false;
          throw err;
        });
      if (ok) assigned += 1;
    }
  }
  return assigned;
}

/** Every eSIM of the company's batches with its traveller, usage, forecast and expiry (owner and buyers). */
export async function fleetCards(
  ctx: AppContext,
  userId: number,
  locale: Locale,
): Promise<CompanyFleetCard[]> {
  const seat = await seatOf(ctx, userId, ['owner', 'buyer']);
  const companyId = Number(seat.company.id);
  const batches = await batchesOf(ctx.db, companyId);
  const batchOfOrder = new Map(batches.map((b) => [Number(b.order_id), Number(b.id)]));
  const cards = await cardsOfOrders(ctx.db, [...batchOfOrder.keys()]);
  const travellers = await travellersOfBatches(
    ctx.db,
    batches.map((b) => Number(b.id)),
  );
  const members = await membersOf(ctx.db, companyId);
  const views = await fleetCardViews(
    ctx,
    cards.map((c) => c.iccid),
    locale,
  );
  return views.flatMap((v) => {
    const batchId = batchOfOrder.get(cards.find((c) => c.iccid === v.iccid)?.orderId ?? 0);
    if (batchId === undefined) return [];
    const row = travellers.find((t) => t.iccid === v.iccid);
    const holder = v.holderUserId === Number(seat.company.owner_user_id) ? null : v.holderUserId;
    const { holderUserId, ...summary } = v;
    void holderUserId;
    return {
      ...summary,
      travellerUserId: holder,
      travellerName:
        holder === null
          ? null
          : (row?.name ?? members.find((m) => Number(m.user_id) === holder)?.display_name ?? null),
      batchId,
    };
  });
}

/**
 * Hands an eSIM that is not installed to another traveller of the company: the card's holder and its
 * traveller row move together, each by a guarded update, so two reassignments of one card never both win.
 */
export async function reassignCard(
  ctx: AppContext,
  userId: number,
  req: { iccid: string; userId: number },
  locale: Locale,
) {
  const seat = await seatOf(ctx, userId, ['owner', 'buyer']);
  const companyId = Number(seat.company.id);
  const target = await findMembership(ctx.db, req.userId);
  if (!target || Number(target.company_id) !== companyId) fail('COMPANY_TRAVELLER_NOT_FOUND');
  const batches = await batchesOf(ctx.db, companyId);
  const card = (
    await cardsOfOrders(
      ctx.db,
      batches.map((b) => Number(b.order_id)),
    )
  ).find((c) => c.iccid === req.iccid);
  if (!card) fail('COMPANY_CARD_NOT_FOUND');
  if (card.status !== 'not_installed') fail('COMPANY_CARD_INSTALLED');
  const batch = batches.find((b) => Number(b.order_id) === card.orderId) ?? fail('COMPANY_CARD_NOT_FOUND');
  const batchId = Number(batch.id);
  const row = await travellerOfCard(ctx.db, companyId, req.iccid);
  const at = Date.now();
  const won = await ctx.db
    .transaction()
    .execute(async (trx) => {
      let moved: boolean;
      if (row)
        moved = await assignIn(
          trx,
          Number(row.id),
          req.iccid,
          { userId: card.userId, iccid: req.iccid },
          req.userId,
          at,
        );
      else {
        await trx
          .insertInto('company_traveller')
          .values({
            batch_id: batchId,
            company_id: companyId,
            row_no: 0,
            name: target.display_name,
            phone: null,
            email: null,
            destination: null,
            start_date: null,
            end_date: null,
            user_id: req.userId,
            iccid: req.iccid,
            assigned_at: at,
            created_at: at,
          })
          .execute();
        moved = await handOverCard(trx, req.iccid, card.userId, req.userId, at);
      }
      if (!moved) throw new Lost();
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof Lost || isUniqueViolation(err)) return false;
      throw err;
    });
  if (!won) fail('COMPANY_CARD_CHANGED');
  return (
    (await fleetCards(ctx, userId, locale)).find((c) => c.iccid === req.iccid) ??
    fail('COMPANY_CARD_NOT_FOUND')
  );
}
