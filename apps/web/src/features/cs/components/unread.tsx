import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api/client';
import { hideTabRedDot, showTabRedDot } from '../../../lib/tab-bar-store';
import { sessionStore, useSession } from '../../../lib/session';
import { CS_KEY, unreadCountQuery } from '../api/cs.api';
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

/** The unread count is read again as soon as the chat's socket says it changed (a reply, a read). */
function useUnreadLive(isLoggedIn: boolean) {
  const qc = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!isLoggedIn) return;
    let off: (() => void) | null = null;
    let gone = false;
    // the socket's code loads after the page (kept out of every tab page's first load)
    void import('../model/unread-live').then(({ watchUnreadLive }) => {
      if (gone) return;
      off = watchUnreadLive(
        {
          token: () => sessionStore.getState().token,
          // any call refreshes an expired token first (single-flight, in the request client)
          refreshToken: async () => void (await api.get('app/cs/msg/unreadCount')),
          language: () => i18n.language,
          onTokenChange: (l) => sessionStore.subscribe(l),
        },
        () => void qc.invalidateQueries({ queryKey: [...CS_KEY, 'unread'] }),
      );
    });
    return () => {
      gone = true;
      off?.();
    };
  }, [isLoggedIn, qc, i18n]);
}

/**
 * Mounted by the tab bar: keeps the red dot on "my" while the shop has unread replies, live (the chat's
 * socket) on every page with a tab bar, with the 15 s poll as a fallback.
 */
export function CsUnreadWatcher() {
  const { isLoggedIn } = useSession();
  useUnreadLive(isLoggedIn);
  useCsUnread();
  return null;
}
