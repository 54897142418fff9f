import type { z } from 'zod';
import { checkProviderIccid, type adminDelivery, type adminSimIssueResponse } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { requirePermission } from '../../platform/auth';
import { iso } from '../../platform/columns';
import { fail } from '../../platform/errors';
import { findOrder, findOrderLines } from '../order';
import { heldIccids, retryDelivery } from './simcard-delivery.service';
import { bindCodeHash, newBindCode } from './simcard.crypto';
import { deliveryPage, findCard, findIssues, insertIssues, type SimDeliveryRow } from './simcard.repository';

/** Who may see and retry deliveries: support staff read, operators act. */

const toAdmin = (d: SimDeliveryRow): z.infer<typeof adminDelivery> => ({
  id: Number(d.id),
  orderId: Number(d.order_id),
  orderLineId: Number(d.order_line_id),
  userId: Number(d.user_id),
  kind: d.kind,
  commodityCode: d.commodity_code,
  state: d.state,
  attempts: Number(d.attempts),
  lastError: d.last_error,
  heldIccids: heldIccids(d),
  partnerOrderNo: d.partner_order_no,
  createdAt: iso(Number(d.created_at)),
  updatedAt: iso(Number(d.updated_at)),
});

export async function deliveries(
  ctx: AppContext,
  adminId: number,
  q: { page: number; size: number; state?: SimDeliveryRow['state'] },
) {
  await requirePermission(ctx, adminId, 'deliveries.read');
  const { rows, total } = await deliveryPage(ctx.db, q);
  return { list: rows.map(toAdmin), pagination: { page: q.page, size: q.size, total } };
}

export async function retryStuckDelivery(ctx: AppContext, adminId: number, id: number) {
  await requirePermission(ctx, adminId, 'deliveries.retry');
  return toAdmin(await retryDelivery(ctx, id));
}

/**
 * An operator enters the physical cards that go out (issue 25 defect 11): with `orderId`, the cards ship
 * with that paid order and its buyer binds them by ICCID alone; without, they are sold over the counter and
 * bind with their code. Each card gets a bind code to print with it, answered this once and kept only as
 * an HMAC. All or nothing: an ICCID already entered or already bound refuses the whole batch.
 */
export async function issuePhysicalCards(
  ctx: AppContext,
  adminId: number,
  req: { iccids: string[]; orderId?: number | undefined },
  at = Date.now(),
): Promise<z.infer<typeof adminSimIssueResponse>> {
  await requirePermission(ctx, adminId, 'orders.write');
  const iccids = [
    ...new Set(
      req.iccids.map(
        (raw) => checkProviderIccid(raw)?.iccid ?? fail('VALIDATION', { field: 'iccids', rule: 'iccid' }),
      ),
    ),
  ];
  let buyer: number | null = null;
  if (req.orderId !== undefined) {
    const order = (await findOrder(ctx.db, req.orderId)) ?? fail('NOT_FOUND');
    const ships = (await findOrderLines(ctx.db, [req.orderId])).some((l) => Number(l.goods_type) === 0);
    if (order.paid_at === null || !ships) fail('ORDER_STATUS_INVALID');
    buyer = Number(order.user_id);
  }
  const taken = (await findIssues(ctx.db, iccids))[0]?.iccid;
  if (taken) fail('SIM_CARD_ISSUED', { iccid: taken });
  for (const iccid of iccids) if (await findCard(ctx.db, iccid)) fail('SIM_CARD_ISSUED', { iccid });
  const cards = iccids.map((iccid) => ({ iccid, bindCode: newBindCode() }));
  try {
    await insertIssues(
      ctx.db,
      cards.map((c) => ({
        iccid: c.iccid,
        bind_code_hash: bindCodeHash(ctx.config.secret, c.iccid, c.bindCode),
        order_id: req.orderId ?? null,
        user_id: buyer,
        bound_user_id: null,
        bound_at: null,
        admin_id: adminId,
        created_at: at,
      })),
    );
  } catch (err) {
    // another operator entered one of them meanwhile (the unique index decides)
    if ((await findIssues(ctx.db, iccids)).length > 0) fail('SIM_CARD_ISSUED', { iccid: iccids[0]! });
    throw err;
  }
  return { cards };
}
