import type { TFunction } from 'i18next';
import type { PlanCheckRequest, PlanWarning } from '@simshop/contracts';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { confirmDialog } from '../../../shared';
import { planCheckQuery } from '../api/trip.api';

/** One sentence per warning, in the UI language. */
export function warningText(w: PlanWarning, t: TFunction): string {
  switch (w.kind) {
    case 'confusable':
      return w.country.code === 'GE'
        ? t('trip:confirm.georgia')
        : t('trip:confirm.confusable', {
            country: w.country.name,
            others: w.otherwise.map((o) => o.name).join(' / '),
          });
    case 'home':
      return t('trip:confirm.home', { country: w.country.name });
    case 'validity':
      return t('trip:confirm.validity', { tripDays: w.tripDays, validityDays: w.validityDays });
  }
}

/**
 * Never the wrong plan (issue 27): before a plan goes to the cart or checkout, asks the server what suggests
 * it is the wrong one and lets the buyer confirm. Resolves true to go on; a check that fails to answer does
 * not block the purchase.
 */
export async function confirmRightPlan(req: PlanCheckRequest): Promise<boolean> {
  let warnings: PlanWarning[];
  try {
    warnings = (await queryClient.fetchQuery(planCheckQuery(i18n.language, req))).warnings;
  } catch {
    return true;
  }
  if (warnings.length === 0) return true;
  const t = i18n.t.bind(i18n) as TFunction;
  return confirmDialog({
    title: t('trip:confirm.title'),
    content: (
      <ul className="trip-confirm-list">
        {warnings.map((w, i) => (
          <li key={i}>{warningText(w, t)}</li>
        ))}
      </ul>
    ),
    confirmText: t('trip:confirm.ok'),
    cancelText: t('trip:confirm.cancel'),
  });
}
