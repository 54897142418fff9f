import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hideTabRedDot, showTabRedDot } from '../../../lib/tab-bar-store';
import { useSession } from '../../../lib/session';
import { unreadCountQuery } from '../api/cs.api';
import './cs.css';

/** Index of "my" in the tab bar. */
const MY_TAB_INDEX = 3;

/** Unread messages from customer service (0 when logged out); keeps the red dot on the "my" tab in step. */
export function useCsUnread(): number {
  const { isLoggedIn } = useSession();
  const { data } = useQuery(unreadCountQuery(isLoggedIn));
  const count = isLoggedIn ? (data?.count ?? 0) : 0;
  useEffect(() => {
    if (count > 0) showTabRedDot(MY_TAB_INDEX);
    else hideTabRedDot(MY_TAB_INDEX);
  }, [count]);
  return count;
}

/** The unread badge beside the chat entry on "my". */
export function CsUnreadBadge() {
  const { t } = useTranslation('cs');
  const count = useCsUnread();
  if (count <= 0) return null;
  return (
    <span className="cs-badge" data-testid="cs-unread">
      <span className="sr-only">{t('unreadCount', { count })}</span>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
    </span>
  );
}

/** Mounted by the tab bar: keeps the red dot on "my" while the shop has unread replies. */
export function CsUnreadWatcher() {
  useCsUnread();
  return null;
}
