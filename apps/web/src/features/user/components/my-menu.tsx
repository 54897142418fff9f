import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { useOrderCounts } from '../../order';
import { CsUnreadBadge } from '../../cs';
import { SimAlertBadge } from '../../simcard';
import './user.css';

const ORDER_LIST = '/pages/order/list';

/** Order status shortcuts of the order list's tabs (spec: pending payment, not shipped, shipped, after-sales). */
const ORDER_SHORTCUTS = [
  { key: 'pendingPayment', status: 0 },
  { key: 'pendingShipment', status: 1 },
  { key: 'pendingReceipt', status: 2 },
  { key: 'afterSales', status: 5 },
] as const;

const ENTRIES = [
  { key: 'simcards', to: '/pages/user/simcard/list' },
  { key: 'address', to: '/pages/user/address-list' },
  { key: 'coupons', to: '/pages/market/coupon' },
  { key: 'wallet', to: '/pages/wallet/index' },
  { key: 'points', to: '/pages/user/point/index' },
  { key: 'realName', to: '/pages/user/edit-profile' },
  { key: 'chat', to: '/uni_modules/cool-cs/pages/chat' },
  { key: 'complaints', to: '/uni_modules/cool-app/pages/complain/list' },
  { key: 'feedback', to: '/uni_modules/cool-app/pages/feedback/list' },
  { key: 'version', to: '/uni_modules/cool-app/pages/version/demo' },
  { key: 'about', to: '/pages/user/about' },
  { key: 'settings', to: '/pages/user/set' },
] as const;

function Chevron() {
  return (
    <svg
      className="user-chevron"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

// Order counts per shortcut (GET app/order/info/userCount), shown as badges.
const COUNT_OF = {
  pendingPayment: 'pendingPayment',
  pendingShipment: 'notShipped',
  pendingReceipt: 'shipped',
  afterSales: 'afterSales',
} as const;
const BADGE = {
  marginLeft: 4,
  minWidth: 16,
  padding: '0 4px',
  borderRadius: 8,
  background: '#cf1322',
  color: '#fff',
  fontSize: 11,
  lineHeight: '16px',
} as const;

/** Entries of the account hub: orders by status (with their counts), then every account page. */
export function MyMenu() {
  const { t } = useTranslation('user');
  const counts = useOrderCounts(useSession().isLoggedIn);
  return (
    <>
      <section className="user-section" aria-labelledby="my-orders">
        <div className="user-section-head">
          <h2 id="my-orders">{t('my.orders.title')}</h2>
          <Link to={ORDER_LIST}>
            {t('my.orders.all')}
            <Chevron />
          </Link>
        </div>
        <ul className="user-shortcuts">
          {ORDER_SHORTCUTS.map((s) => (
            <li key={s.key}>
              <Link to={`${ORDER_LIST}?status=${s.status}`}>
                {t(`my.orders.${s.key}`)}
                {counts?.[COUNT_OF[s.key]] ? (
                  <span style={BADGE}>
                    <span className="sr-only">, </span>
                    {counts[COUNT_OF[s.key]]}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <nav className="user-section" aria-labelledby="my-services">
        <h2 id="my-services" className="user-section-title">
          {t('my.services')}
        </h2>
        <ul className="user-menu">
          {ENTRIES.map((e) => (
            <li key={e.key}>
              <Link to={e.to}>
                <span>
                  {t(`my.entries.${e.key}`)}
                  {e.key === 'chat' ? <CsUnreadBadge /> : null}
                  {e.key === 'simcards' ? <SimAlertBadge /> : null}
                </span>
                <Chevron />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

export { Chevron };
