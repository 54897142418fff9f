import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ORDER_TABS, type OrderTab } from '@simshop/contracts';
import { orderPageQuery } from '../api/order.api';
import { orderDetailPath } from '../model/paths';
import { statusKey } from '../model/status-label';
import { DeliveryTag } from './esim-delivery';
import { Empty, formatMoney, LoadError, Loading } from '../../../shared';
import './order.css';

/** The tabs in the spec's order: pending payment, not shipped, shipped, after-sales/refund, then all. */
export const LIST_TABS: OrderTab[] = ['pendingPayment', 'notShipped', 'shipped', 'afterSales', 'all'];

/** The tab of the address: `?tab=` or a status from "my" (`?status=0` -> pending payment). */
export function useOrderTab(): [OrderTab, (tab: OrderTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') as OrderTab | null;
  const status = params.get('status');
  const fromStatus =
    status === null
      ? undefined
      : (Object.keys(ORDER_TABS) as OrderTab[]).find(
          (k) => k !== 'all' && (ORDER_TABS[k] as readonly number[]).includes(Number(status)),
        );
  const current = tab && LIST_TABS.includes(tab) ? tab : (fromStatus ?? 'all');
  return [current, (next) => setParams({ tab: next }, { replace: true })];
}

/** Orders by tab, newest first, loaded a page at a time. */
export function OrderListView() {
  const { t, i18n } = useTranslation('order');
  const lang = i18n.language;
  const [tab, setTab] = useOrderTab();
  const pages = useInfiniteQuery(orderPageQuery(lang, tab));
  const orders = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="ord-list">
      <div className="ord-tabs" role="tablist" aria-label={t('list.tabsLabel')}>
        {LIST_TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`ord-tab-${k}`}
            aria-selected={tab === k}
            aria-controls="ord-panel"
            className="ord-tab"
            onClick={() => setTab(k)}
          >
            {t(`list.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div id="ord-panel" role="tabpanel" aria-labelledby={`ord-tab-${tab}`} className="ord-panel">
        {pages.isPending ? (
          <Loading />
        ) : pages.error ? (
          <LoadError error={pages.error} onRetry={() => void pages.refetch()} />
        ) : orders.length === 0 ? (
          <Empty>{t('list.empty')}</Empty>
        ) : (
          <ul className="ord-cards">
            {orders.map((o) => (
              <li key={o.id} className="ord-card">
                <Link to={orderDetailPath(o.id)} className="ord-card-link">
                  <div className="ord-card-head">
                    <span className="ord-muted">{t('list.orderNo', { no: o.orderNo })}</span>
                    <strong className={`ord-state ord-state-${o.status}`}>
                      {t(statusKey(o.status, o.delivery))}
                    </strong>
                  </div>
                  <ul className="ord-mini-lines">
                    {o.lines.map((l) => (
                      <li key={`${l.id}-${l.specId}`}>
                        <span className="ord-mini-pic" aria-hidden="true">
                          {l.picture ? <img src={l.picture} alt="" loading="lazy" /> : null}
                        </span>
                        <span className="ord-mini-title">{l.title}</span>
                        <span className="ord-muted">
                          {l.specName} ×{l.quantity}
                        </span>
                      </li>
                    ))}
                  </ul>
                  <DeliveryTag order={o} />
                  <p className="ord-card-sum">
                    {t('list.summary', {
                      count: o.quantity,
                      amount: formatMoney(o.payableAmount, o.currency, lang),
                    })}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages.hasNextPage ? (
          <button
            type="button"
            className="ord-link ord-center"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {t('list.more')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
