import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CsContext } from '../api/cs.api';

const CHAT = '/uni_modules/cool-cs/pages/chat';

/** The chat page, carrying an order or goods as its context card. */
export const chatPath = (context?: CsContext) =>
  context?.orderId
    ? `${CHAT}?orderId=${context.orderId}`
    : context?.goodsId
      ? `${CHAT}?goodsId=${context.goodsId}`
      : CHAT;

/** A headset icon linking to the chat about this order or goods (for a page's title bar). */
export function ChatLink({ context, className }: { context?: CsContext; className?: string }) {
  const { t } = useTranslation('cs');
  return (
    <Link
      to={chatPath(context)}
      aria-label={t('contactUs')}
      title={t('contactUs')}
      className={className}
      style={{ display: 'inline-flex', color: 'inherit', marginLeft: 'auto', padding: 6 }}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 13v-1a8 8 0 0 1 16 0v1" />
        <rect x="3" y="13" width="4" height="6" rx="1.5" />
        <rect x="17" y="13" width="4" height="6" rx="1.5" />
        <path d="M19 19c0 1.5-2 2.5-5 2.5" />
      </svg>
    </Link>
  );
}
