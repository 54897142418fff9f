import {
  SIM_REFRESH_ACCOUNT_MAX,
  SIM_REFRESH_CARD_SECONDS,
  type Locale,
  type SimCardDetail,
} from '@simshop/contracts';
import type { AppContext } from '../../context';
import { lockUserRow } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { claimRefresh, findOwnCard, recentRefreshCount, updateCard } from './simcard.repository';
import { cardDetail } from './simcard.service';
import { refreshCardUsage } from './simcard-usage.service';

const WINDOW_MS = SIM_REFRESH_CARD_SECONDS * 1000;

/**
 * "Refresh now" (issue 27): the partner's reading of one of the caller's cards, fetched now rather than at
 * the next scheduled refresh. Rate-limited per card (once per SIM_REFRESH_CARD_SECONDS) and per account
 * (SIM_REFRESH_ACCOUNT_MAX cards in that window), decided in one transaction under the account's row lock
 * with a guarded update of the card's `refresh_asked_at`, so two taps at once make one partner call.
 * Refused with SIM_REFRESH_TOO_SOON and the seconds to wait. Answers the card as its page shows it.
 */
export async function refreshNow(
  ctx: AppContext,
  userId: number,
  iccid: string,
  locale: Locale,
  at = Date.now(),
): Promise<SimCardDetail> {
  const card = (await findOwnCard(ctx.db, userId, iccid)) ?? fail('SIM_CARD_NOT_FOUND');
  if (!ctx.providers.planPartner) fail('PARTNER_UNAVAILABLE');
  const since = at - WINDOW_MS;
  const refused = await ctx.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, ctx.engine, userId);
    if ((await recentRefreshCount(trx, userId, since)) >= SIM_REFRESH_ACCOUNT_MAX) return WINDOW_MS;
    if (await claimRefresh(trx, Number(card.id), since, at)) return 0;
    const last = (await findOwnCard(trx, userId, iccid))?.refresh_asked_at;
    return last === null || last === undefined ? WINDOW_MS : Number(last) + WINDOW_MS - at;
  });
  if (refused > 0) fail('SIM_REFRESH_TOO_SOON', { seconds: Math.max(1, Math.ceil(refused / 1000)) });
  try {
    await refreshCardUsage(ctx, card, at);
  } catch (err) {
    throw new AppError('PARTNER_UNAVAILABLE', {}, 200, { cause: err });
  }
  return cardDetail(ctx, userId, iccid, locale);
}

/** Names one of the caller's cards ("Mum's phone"); an empty name or null clears it. Owner only. */
export async function labelCard(ctx: AppContext, userId: number, iccid: string, label: string | null) {
  const card = (await findOwnCard(ctx.db, userId, iccid)) ?? fail('SIM_CARD_NOT_FOUND');
  const name = label?.trim() ? label.trim() : null;
  await updateCard(ctx.db, Number(card.id), { label: name, updated_at: Date.now() });
  return { iccid: card.iccid, label: name };
}
