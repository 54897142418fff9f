import { z } from 'zod';
import { iccidInput } from './simcard';

// The traveller's own cards (issue 27): a name per card, and a usage reading asked for now.

/** Longest name a buyer gives a card, in characters. */
export const SIM_LABEL_MAX = 30;
/** A card's reading is asked for now at most once per this many seconds. */
export const SIM_REFRESH_CARD_SECONDS = 60;
/** At most this many of an account's cards are read now within SIM_REFRESH_CARD_SECONDS. */
export const SIM_REFRESH_ACCOUNT_MAX = 3;

export const simCardLabelRequest = z.object({
  iccid: iccidInput,
  label: z.string().trim().max(SIM_LABEL_MAX).nullable().describe('the new name; null (or empty) clears it'),
});
export const simCardRefreshRequest = z.object({ iccid: iccidInput });
export const simCardLabelResponse = z.object({ iccid: z.string(), label: z.string().nullable() });
