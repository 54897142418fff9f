import type { Db } from '../platform/db';
import { findOrderLines, isPartnerLine, type OrderRow } from '../modules/order';
import { setOrderDelivery } from '../modules/order/commands';
import { enqueueLineDelivery } from '../modules/simcard/commands';

// What a paid order sets going, in the transaction that took its money: one delivery job per line the plan
// partner fulfils (an eSIM or a top-up), keyed by the line so a repeated notification adds none, and the
// order shows `delivering` until the simcard module settles it. Physical goods wait for an operator to ship.

/** Starts the fulfilment of an order just paid; returns how many partner lines were put on the job. */
export async function startFulfilment(trx: Db, order: Pick<OrderRow, 'id'>, at: number) {
  const orderId = Number(order.id);
  const partner = (await findOrderLines(trx, [orderId])).filter(isPartnerLine);
  if (partner.length === 0) return 0;
  for (const l of partner) await enqueueLineDelivery(trx, Number(l.id), at);
  await setOrderDelivery(trx, orderId, 'delivering', at);
  return partner.length;
}
