import type { z } from 'zod';
import type { adminDelivery } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { requirePermission } from '../../platform/auth';
import { iso } from '../../platform/columns';
import { retryDelivery } from './simcard-delivery.service';
import { deliveryPage, type SimDeliveryRow } from './simcard.repository';

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
