import { z } from 'zod';
import { simCardActivation } from './simcard';

// The activation code is a secret (issue 27): operator views show it masked; opening it is its own call,
// audited as a read (platform/audit.ts AUDIT_READS), answered only to deliveries.retry holders.

export const adminActivationRequest = z.object({
  deliveryId: z.coerce.number().int().positive().describe('the eSIM delivery whose cards to open'),
});
export const adminActivationCard = z.object({
  iccid: z.string(),
  held: z
    .boolean()
    .describe("true: a card kept on a stuck delivery (another account holds its ICCID), not the buyer's"),
  activation: simCardActivation.nullable().describe('null: taken back (refunded, cancelled)'),
});
export const adminActivationResponse = z.object({
  deliveryId: z.number().int(),
  cards: z.array(adminActivationCard),
});
export type AdminActivationCard = z.infer<typeof adminActivationCard>;
