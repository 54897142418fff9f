import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTabStates } from '../lib/tab-bar-store';
import { CsUnreadWatcher } from '../features/cs';

export {
  setTabBadge,
  removeTabBadge,
  showTabRedDot,
  hideTabRedDot,
  setTabVisible,
  CART_TAB_INDEX,
} from '../lib/tab-bar-store';

const svg = (selected: boolean, outline: ReactNode) => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill={selected ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinejoin="round"
    strokeLinecap="round"
  >
    {outline}
  </svg>
);

/** The four tabs, in the spec's order (Tab bar item: pagePath, icon, selected icon, text). */
export const TAB_ITEMS = [
  {
    pagePath: '/',
    text: 'home',
    icon: (s: boolean) =>
      svg(s, <path d="M3.5 10.5 12 3.5l8.5 7V20a.5.5 0 0 1-.5.5h-5v-6h-6v6H4a.5.5 0 0 1-.5-.5z" />),
  },
  {
    pagePath: '/pages/index/category',
    text: 'category',
    icon: (s: boolean) =>
      svg(
        s,
        <>
          <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
          <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
          <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
          <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
        </>,
      ),
  },
  {
    pagePath: '/pages/index/shopping-cart',
    text: 'cart',
    icon: (s: boolean) =>
      svg(
        s,
        <>
          <path d="M2.5 3.5h2.6l2.2 11.2a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8l1.6-7.7H6" />
          <circle cx="9" cy="19.5" r="1.5" />
          <circle cx="17" cy="19.5" r="1.5" />
        </>,
      ),
  },
  {
    pagePath: '/pages/index/my',
    text: 'my',
    icon: (s: boolean) =>
      svg(
        s,
        <>
          <circle cx="12" cy="8" r="4.5" />
          <path d="M3.5 21c.8-4.3 4.2-7 8.5-7s7.7 2.7 8.5 7z" />
        </>,
      ),
  },
] as const;

/** Bottom tab bar: 50 px, 24 px icons, 10 px text, blue when selected, grey otherwise, white border. */
export function TabBar({ active }: { active: number }) {
  const { t } = useTranslation();
  const states = useTabStates();
  return (
    <nav className="tab-bar" aria-label={t('common:tabBar')}>
      <CsUnreadWatcher />
      {TAB_ITEMS.map((item, i) => {
        const tab = states[i];
        if (!tab?.visible) return null;
        const { badge, redDot } = tab;
        const selected = i === active;
        return (
          <Link
            key={item.pagePath}
            to={item.pagePath}
            className="tab-bar-item"
            aria-current={selected ? 'page' : undefined}
            replace={selected}
          >
            <span className="tab-bar-icon">
              {item.icon(selected)}
              {badge ? (
                <span className="tab-bar-badge" aria-hidden="true">
                  {badge}
                </span>
              ) : redDot ? (
                <span className="tab-bar-dot" aria-hidden="true" />
              ) : null}
            </span>
            <span>{t(`common:tabs.${item.text}`)}</span>
            {badge ? (
              <span className="sr-only">, {t('common:badge', { count: badge })}</span>
            ) : redDot ? (
              <span className="sr-only">, {t('common:redDot')}</span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
