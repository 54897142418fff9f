import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { simNoticeUnreadQuery } from '../api/simcard.api';
import './simcard.css';

/** The unread SIM card alerts (e.g. low data) as a badge beside "My SIM cards" on the account page. */
export function SimAlertBadge() {
  const { t, i18n } = useTranslation('simcard');
  const { isLoggedIn } = useSession();
  const count = useQuery(simNoticeUnreadQuery(i18n.language, isLoggedIn)).data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span className="sim-badge" data-testid="sim-alert-badge">
      <span className="sr-only">{t('list.notices', { count })}</span>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
    </span>
  );
}
