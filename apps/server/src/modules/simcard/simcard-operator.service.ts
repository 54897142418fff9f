import type { AdminActivationCard } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { requirePermission } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { openActivation } from './simcard.crypto';
import { allEsimCardsOfLine, findDelivery } from './simcard.repository';

type HeldSim = { iccid: string; activationEnc: string };

/**
 * An operator opens the activation codes of one eSIM delivery (issue 27): the cards it bound and, on a stuck
 * delivery, the cards kept for sorting out with the partner. Operator views show codes masked; this call is
 * the only way to see one, answered to deliveries.retry holders and written to the audit log as a read
 * (AUDIT_READS in platform/audit.ts) with the delivery's id. A card taken back answers no code.
 */
export async function openDeliveryActivations(ctx: AppContext, adminId: number, deliveryId: number) {
  await requirePermission(ctx, adminId, 'deliveries.retry');
  const d = (await findDelivery(ctx.db, deliveryId)) ?? fail('SIM_DELIVERY_NOT_FOUND');
  if (d.kind !== 'esim') fail('SIM_DELIVERY_NOT_FOUND');
  const secret = ctx.config.secret;
  const bound: AdminActivationCard[] = (await allEsimCardsOfLine(ctx.db, Number(d.order_line_id))).map(
    (c) => ({
      iccid: c.iccid,
      held: false,
      activation: c.status === 'expired' ? null : openActivation(secret, c.iccid, c.activation_enc),
    }),
  );
  const held: AdminActivationCard[] = (d.held_sims ? (JSON.parse(d.held_sims) as HeldSim[]) : []).map(
    (h) => ({ iccid: h.iccid, held: true, activation: openActivation(secret, h.iccid, h.activationEnc) }),
  );
  return { deliveryId, cards: [...bound, ...held] };
}
