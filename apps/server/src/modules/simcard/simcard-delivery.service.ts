import {
  PartnerRejectedError,
  PartnerVerificationError,
  type PartnerCommodity,
  type PartnerOrder,
  type PlanPartner,
} from '../../providers/plan-partner/plan-partner';
import type { InboundCallback } from '../../providers/payments/channel';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { enqueueJob } from '../../jobs/runner';
import { lockOrderForDelivery, setOrderDelivery } from '../order';
import { sealActivation } from './simcard.crypto';
import { allDelivered } from './simcard-revoke.service';
import {
  deliveriesOfOrder,
  findCard,
  findDelivery,
  findIssue,
  findDeliveryByLine,
  findDeliveryByReference,
  insertCard,
  insertDelivery,
  insertNotice,
  lineWithOrder,
  moveDelivery,
  updateCard,
  updateDelivery,
  type SimDeliveryRow,
} from './simcard.repository';
import { refreshCardUsage } from './simcard-usage.service';
import {
  baseReference,
  fetchParts,
  linePartsOf,
  retriedReference,
  wholeOrder,
  type LinePart,
} from './simcard-parts';
import { enqueueEsimMail } from './simcard-mail.service';
import { enqueueEsimDelivered } from './simcard-events';

/** Orders one paid eSIM or top-up line from the plan partner; payload SimDeliveryJob. */
export const SIM_DELIVERY_JOB = 'simcard.delivery';
export type SimDeliveryJob = { orderLineId: number };
/** One key per order line: a duplicated payment notification enqueues nothing new. */
export const simDeliveryKey = (orderLineId: number) => `${SIM_DELIVERY_JOB}:${orderLineId}`;

/** Puts one paid partner line on the delivery job, inside the transaction that took the money. */
export const enqueueLineDelivery = (trx: Db, orderLineId: number, at: number) =>
  enqueueJob(trx, SIM_DELIVERY_JOB, { orderLineId } satisfies SimDeliveryJob, {
    key: simDeliveryKey(orderLineId),
    at,
  });

/**
 * eSIM and top-up fulfilment. The order module enqueues one SIM_DELIVERY_JOB per paid partner line in the
 * transaction that marks the order paid; this job orders from the partner with our reference (one per line:
 * `line-<id>`, so a retry, a crash or a second payment notification never orders twice), and applies the
 * completed partner order once (a guarded `delivering -> delivered` move: the job and the webhook may both
 * see the completion). Partner outages are retried with the runner's backoff; a refusal or a failed partner
 * order, or running out of attempts, leaves the delivery `stuck` for operators (retry from admin).
 */

export const DELIVERY_MAX_ATTEMPTS = 8;
/** What a delivery's last error says while the partner is still working on our order (not a failure). */
export const PENDING_AT_PARTNER = 'pending at partner';

export const webhookUrl = (ctx: AppContext) =>
  `${ctx.config.publicUrl.replace(/\/+$/, '')}/api/app/billion/webhook/partner`;

function partnerOf(ctx: AppContext): PlanPartner {
  if (!ctx.providers.planPartner) throw new Error('no plan partner configured');
  return ctx.providers.planPartner;
}

type Snapshot = { sku?: string | null; needFillCard?: number };
const parse = (s: string): Snapshot => {
  try {
    return JSON.parse(s) as Snapshot;
  } catch {
    return {};
  }
};

/** The delivery row of an order line, made on first sight from the line (idempotent). */
async function deliveryFor(ctx: AppContext, orderLineId: number, at: number) {
  const existing = await findDeliveryByLine(ctx.db, orderLineId);
  if (existing) return existing;
  const line = await lineWithOrder(ctx.db, orderLineId);
  if (!line) return null;
  const sku = parse(line.spec_snapshot).sku;
  if (!sku) return null;
  const topup = parse(line.goods_snapshot).needFillCard === 1;
  await insertDelivery(ctx.db, {
    order_id: Number(line.order_id),
    order_line_id: orderLineId,
    user_id: Number(line.user_id),
    kind: topup ? 'topup' : 'esim',
    commodity_code: sku,
    quantity: Number(line.quantity),
    iccid: topup ? line.card_number : null,
    reference: `line-${orderLineId}`,
    state: 'delivering',
    attempts: 0,
    last_error: null,
    partner_order_no: null,
    created_at: at,
    updated_at: at,
  });
  return (await findDeliveryByLine(ctx.db, orderLineId)) ?? null;
}

/** One attempt (the job's run): throws to be retried later. */
export async function deliverLine(ctx: AppContext, orderLineId: number, at = Date.now()) {
  const d = await deliveryFor(ctx, orderLineId, at);
  if (!d || d.state !== 'delivering') return;
  await updateDelivery(ctx.db, Number(d.id), { attempts: Number(d.attempts) + 1, updated_at: at });
  const parts = await linePartsOf(ctx.db, d);
  let order: PartnerOrder;
  try {
    order = wholeOrder(
      d.reference,
      Number(d.quantity),
      await orderParts(partnerOf(ctx), d, parts, webhookUrl(ctx)),
    );
  } catch (err) {
    if (err instanceof PartnerRejectedError) return markStuck(ctx, d, err.message);
    await updateDelivery(ctx.db, Number(d.id), { last_error: String((err as Error).message ?? err) });
    throw err;
  }
  await applyWholeOrder(ctx, d, order, parts, at);
  if (order.state === 'pending') {
    await updateDelivery(ctx.db, Number(d.id), {
      partner_order_no: order.orderNo,
      last_error: PENDING_AT_PARTNER,
    });
    // the webhook usually lands first; otherwise the next attempt asks again with the same references
    throw new Error('partner order still pending');
  }
}

/**
 * Orders each part of a line from the partner under its current reference (simcard-parts): new SIMs in parts
 * of at most PARTNER_MAX_QUANTITY, or one top-up per card. A part already ordered answers as it stands (the
 * partner is idempotent per reference), so a retry orders again only the parts given fresh references.
 */
async function orderParts(partner: PlanPartner, d: SimDeliveryRow, parts: LinePart[], callbackUrl: string) {
  const answers: PartnerOrder[] = [];
  for (const p of parts)
    answers.push(
      await (p.iccid === null
        ? partner.createOrder({
            reference: p.reference,
            commodityCode: d.commodity_code,
            quantity: p.quantity,
            callbackUrl,
          })
        : partner.topUp({
            reference: p.reference,
            iccid: p.iccid,
            commodityCode: d.commodity_code,
            callbackUrl,
          })),
    );
  return answers;
}

/**
 * Runs `fn` in a transaction that settles the order's delivery: the order row is locked first, so the job,
 * the webhook and an operator moving lines of one order take turns and each sees the others' lines.
 */
const settling = <T>(ctx: AppContext, orderId: number, fn: (trx: Db) => Promise<T>) =>
  ctx.db.transaction().execute(async (trx) => {
    await lockOrderForDelivery(trx, ctx.engine, orderId);
    return fn(trx);
  });

async function markStuck(ctx: AppContext, d: SimDeliveryRow, reason: string, at = Date.now()) {
  await settling(ctx, Number(d.order_id), async (trx) => {
    if (
      await moveDelivery(trx, Number(d.id), 'delivering', {
        state: 'stuck',
        last_error: reason,
        updated_at: at,
      })
    )
      await setOrderDelivery(trx, Number(d.order_id), 'stuck', at);
  });
}

/** The runner gave up: operators see it among stuck deliveries; the buyer's order shows `stuck`. */
export async function giveUpLine(ctx: AppContext, orderLineId: number, err: unknown) {
  const d = await findDeliveryByLine(ctx.db, orderLineId);
  if (d) await markStuck(ctx, d, String((err as Error)?.message ?? err));
}

async function commodityOf(ctx: AppContext, code: string): Promise<PartnerCommodity | null> {
  const row = await ctx.db
    .selectFrom('partner_commodity')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  if (row)
    return {
      code,
      name: row.name,
      countries: JSON.parse(row.countries) as string[],
      dataBytes: row.data_bytes === null ? null : Number(row.data_bytes),
      validityDays: Number(row.validity_days),
      validityStart: row.validity_start ?? 'first_attach',
      price: Number(row.price),
      currency: row.currency,
      kind: row.kind as PartnerCommodity['kind'],
      topUpable: Number(row.top_upable) === 1,
    };
  return partnerOf(ctx)
    .commodity(code)
    .catch(() => null);
}

/** A delivered ICCID that another account (or a sold physical card) already holds. */
class IccidHeldError extends Error {
  constructor(
    readonly iccid: string,
    readonly holder: string,
  ) {
    super(`ICCID ${iccid} is already held by ${holder}`);
  }
}

type HeldSim = { iccid: string; activationEnc: string };

/** The ICCIDs a stuck delivery keeps for operators (their codes sealed in `held_sims`). */
export const heldIccids = (d: Pick<SimDeliveryRow, 'held_sims'>): string[] =>
  d.held_sims ? (JSON.parse(d.held_sims) as HeldSim[]).map((h) => h.iccid) : [];

/**
 * The partner delivered an ICCID someone else holds: nothing is bound, nobody sees anyone else's card or
 * usage; the line goes `stuck` with the reason (the console's stuck deliveries and the dashboard's count are
 * the operators' alert), the order's delivery shows stuck, and every card's codes are kept, sealed as a
 * card's would be, for the operator to sort out with the partner.
 */
async function holdConflict(
  ctx: AppContext,
  d: SimDeliveryRow,
  order: PartnerOrder,
  sealed: { sim: { iccid: string }; activationEnc: string }[],
  err: IccidHeldError,
  at: number,
) {
  const held: HeldSim[] = sealed.map((s) => ({ iccid: s.sim.iccid, activationEnc: s.activationEnc }));
  await settling(ctx, Number(d.order_id), async (trx) => {
    if (
      await moveDelivery(trx, Number(d.id), 'delivering', {
        state: 'stuck',
        partner_order_no: order.orderNo,
        last_error: `ICCID conflict: the partner delivered ${err.iccid}, already held by ${err.holder}; nothing bound, codes kept`,
        held_sims: JSON.stringify(held),
        updated_at: at,
      })
    )
      await setOrderDelivery(trx, Number(d.order_id), 'stuck', at);
  });
}

/**
 * Applies what the partner says of one of our orders (a verified webhook, for a line or one of its parts): the
 * line moves only as a whole, read from the partner under every part's current reference. A part's reference
 * a retry replaced (a late webhook of the failed order) changes nothing.
 */
export async function applyPartnerOrder(ctx: AppContext, part: PartnerOrder, at = Date.now()) {
  const d = await findDeliveryByReference(ctx.db, baseReference(part.reference));
  if (!d || d.state !== 'delivering') return false;
  const parts = await linePartsOf(ctx.db, d);
  if (!parts.some((p) => p.reference === part.reference)) return false;
  const order = wholeOrder(
    d.reference,
    Number(d.quantity),
    parts.length === 1 ? [part] : await fetchParts(partnerOf(ctx), parts),
  );
  return applyWholeOrder(ctx, d, order, parts, at);
}

/**
 * The line as the partner has it now, every part under its current reference seen as one order (null when
 * the partner has none of them), applied to the delivery if it is still on its way (network first).
 */
export async function refreshFromPartner(ctx: AppContext, d: SimDeliveryRow, at = Date.now()) {
  const parts = await linePartsOf(ctx.db, d);
  const seen = await fetchParts(partnerOf(ctx), parts);
  if (seen.every((p) => p === null)) return null;
  const order = wholeOrder(d.reference, Number(d.quantity), seen);
  if (d.state === 'delivering') await applyWholeOrder(ctx, d, order, parts, at);
  return order;
}

/**
 * Applies a line's whole partner order (every part): once completed, the SIMs are bound to the buyer with
 * their codes encrypted (or the top-ups land on their cards), exactly once; failed, the line is stuck.
 */
async function applyWholeOrder(
  ctx: AppContext,
  d: SimDeliveryRow,
  order: PartnerOrder,
  parts: LinePart[],
  at: number,
) {
  const toppedUp = parts.flatMap((p) => (p.iccid ? [p.iccid] : []));
  if (order.state === 'failed' || order.state === 'cancelled') {
    await markStuck(ctx, d, order.failureReason ?? `partner order ${order.state}`, at);
    return false;
  }
  if (order.state !== 'completed') return false;
  const commodity = await commodityOf(ctx, d.commodity_code);
  // each card's codes sealed once, so that a card that cannot be bound is kept exactly as it would be stored
  const sealed = order.sims.map((sim) => ({
    sim,
    activationEnc: sealActivation(ctx.config.secret, sim.iccid, {
      activationCode: sim.activationCode,
      smdpAddress: sim.smdpAddress,
      matchingId: sim.matchingId,
      confirmationCode: sim.confirmationCode,
    }),
  }));
  // the line and, once every line is in, the order move in one transaction: whoever applies it (the job or
  // the webhook) returns only when the buyer's order reads delivered
  let applied: boolean;
  try {
    applied = await settling(ctx, Number(d.order_id), async (trx) => {
      const won = await moveDelivery(trx, Number(d.id), 'delivering', {
        state: 'delivered',
        partner_order_no: order.orderNo,
        last_error: null,
        held_sims: null,
        updated_at: at,
      });
      if (!won) return false;
      if (d.kind === 'esim') {
        // a delivered ICCID is never dropped: one another account holds (or a physical card the shop sold
        // under it) undoes the whole line, which goes stuck below with every code kept
        for (const { sim } of sealed) {
          const held = await findCard(trx, sim.iccid);
          if (held) throw new IccidHeldError(sim.iccid, `account ${Number(held.user_id)}`);
          if (await findIssue(trx, sim.iccid))
            throw new IccidHeldError(sim.iccid, 'a physical card the shop sold');
        }
        const iccids: string[] = [];
        for (const { sim, activationEnc } of sealed) {
          const inserted = await insertCard(trx, {
            iccid: sim.iccid,
            user_id: Number(d.user_id),
            kind: 'esim',
            commodity_code: d.commodity_code,
            plan_name: commodity?.name ?? d.commodity_code,
            countries: JSON.stringify(commodity?.countries ?? []),
            order_id: Number(d.order_id),
            order_line_id: Number(d.order_line_id),
            activation_enc: activationEnc,
            status: 'not_installed',
            total_bytes: commodity?.dataBytes ?? null,
            used_bytes: 0,
            usage_as_of: null,
            valid_from: null,
            valid_until: null,
            alert_mb: null,
            alert_fired: 0,
            created_at: at,
            updated_at: at,
          });
          // a bind of the same ICCID committed meanwhile: the unique index decided against us
          if (!inserted) throw new IccidHeldError(sim.iccid, 'another account');
          iccids.push(sim.iccid);
        }
        await updateDelivery(trx, Number(d.id), { iccid: iccids[0] ?? null });
        // the same cards by e-mail to a verified address, once the bind is committed (issue 27)
        await enqueueEsimMail(trx, Number(d.id), at);
        await enqueueEsimDelivered(trx, d, at);
        await insertNotice(trx, {
          userId: Number(d.user_id),
          kind: 'esim_delivered',
          iccid: iccids[0] ?? null,
          params: { planName: commodity?.name ?? d.commodity_code, count: iccids.length },
          at,
        });
      } else
        for (const iccid of toppedUp) {
          const card = await findCard(trx, iccid);
          if (!card) continue;
          const added = commodity?.dataBytes ?? 0;
          const days = (commodity?.validityDays ?? 0) * 86_400_000;
          await updateCard(trx, Number(card.id), {
            total_bytes: card.total_bytes === null ? null : Number(card.total_bytes) + added,
            valid_until: card.valid_until === null ? null : Number(card.valid_until) + days,
            status: card.status === 'used_up' ? 'active' : card.status,
            alert_fired: 0,
            updated_at: at,
          });
          await insertNotice(trx, {
            userId: Number(card.user_id),
            kind: 'topup_done',
            iccid: card.iccid,
            params: { planName: commodity?.name ?? d.commodity_code, addedMb: Math.round(added / 1048576) },
            at,
          });
        }
      if (allDelivered(await deliveriesOfOrder(trx, Number(d.order_id))))
        await setOrderDelivery(trx, Number(d.order_id), 'delivered', at);
      return true;
    });
  } catch (err) {
    if (!(err instanceof IccidHeldError)) throw err;
    await holdConflict(ctx, d, order, sealed, err, at);
    return false;
  }
  if (!applied) return false;
  // the partner's own view of the topped-up card (best effort: the usage job catches up otherwise)
  if (d.kind === 'topup')
    for (const iccid of toppedUp) {
      const card = await findCard(ctx.db, iccid);
      if (card) await refreshCardUsage(ctx, card, at).catch(() => undefined);
    }
  return true;
}

/** The partner's webhook: verified over the raw body, applied idempotently (duplicates change nothing). */
export async function handlePartnerWebhook(ctx: AppContext, req: InboundCallback) {
  let event;
  try {
    event = partnerOf(ctx).verifyWebhook(req);
  } catch (err) {
    if (err instanceof PartnerVerificationError) throw new AppError('PARTNER_SIGNATURE_INVALID', {}, 401);
    throw err;
  }
  await applyPartnerOrder(ctx, event.order);
  return { received: true };
}

/**
 * An operator retries a stuck delivery: each part the partner failed (or cancelled) is ordered again under a
 * fresh reference; the others keep theirs, so what the partner completed is never ordered twice. When the
 * partner cannot say, a part keeps its reference (ordering it again under it is idempotent).
 */
export async function retryDelivery(ctx: AppContext, id: number, at = Date.now()) {
  const d = (await findDelivery(ctx.db, id)) ?? fail('SIM_DELIVERY_NOT_FOUND');
  if (d.state !== 'stuck') return d;
  const parts = await linePartsOf(ctx.db, d);
  const prior = await fetchParts(partnerOf(ctx), parts).catch(() => parts.map(() => null));
  const refs = parts.map((p, k) => {
    const state = prior[k]?.state;
    return state === 'failed' || state === 'cancelled'
      ? retriedReference(p.reference, Number(d.attempts))
      : p.reference;
  });
  // the line back to delivering, the order with it, and a fresh job (the first one is dead: same backoff and
  // give-up as a delivery right after payment), all or nothing
  const jobId = await settling(ctx, Number(d.order_id), async (trx) => {
    if (
      !(await moveDelivery(trx, id, 'stuck', {
        state: 'delivering',
        part_refs: JSON.stringify(refs),
        last_error: null,
        updated_at: at,
      }))
    )
      return null;
    await setOrderDelivery(trx, Number(d.order_id), 'delivering', at);
    return enqueueJob(
      trx,
      SIM_DELIVERY_JOB,
      { orderLineId: Number(d.order_line_id) } satisfies SimDeliveryJob,
      { key: `${simDeliveryKey(Number(d.order_line_id))}:retry-${Number(d.attempts)}`, at },
    );
  });
  if (jobId === null) return (await findDelivery(ctx.db, id))!;
  await ctx.jobs.runJob(jobId);
  return (await findDelivery(ctx.db, id))!;
}
