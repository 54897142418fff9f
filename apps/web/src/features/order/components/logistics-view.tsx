import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logisticsQuery } from '../api/order.api';
import { LoadError, Loading } from '../../../shared';
import './order.css';

/** Carrier, tracking number and the tracking events, newest first. */
export function LogisticsView({ id }: { id: number }) {
  const { t, i18n } = useTranslation('order');
  const lang = i18n.language;
  const q = useQuery(logisticsQuery(lang, id));
  if (q.isPending) return <Loading />;
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const l = q.data;
  return (
    <div className="ord-detail">
      <section className="ord-card">
        <dl className="ord-facts">
          <div>
            <dt>{t('detail.orderNo')}</dt>
            <dd>{l.orderNo}</dd>
          </div>
          <div>
            <dt>{t('detail.carrier')}</dt>
            <dd>{l.carrier ?? t('logistics.notShipped')}</dd>
          </div>
          {l.trackingNo ? (
            <div>
              <dt>{t('detail.trackingNo')}</dt>
              <dd>{l.trackingNo}</dd>
            </div>
          ) : null}
          {l.shippedAt ? (
            <div>
              <dt>{t('logistics.shippedAt')}</dt>
              <dd>{new Date(l.shippedAt).toLocaleString(lang)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="ord-card" aria-labelledby="ord-events">
        <h2 id="ord-events">{t('logistics.events')}</h2>
        {l.events.length === 0 ? (
          <p className="ord-muted">{t('logistics.noEvents')}</p>
        ) : (
          <ol className="ord-timeline">
            {l.events.map((e, i) => (
              <li key={i}>
                <strong>{e.description}</strong>
                <span className="ord-muted">
                  {new Date(e.at).toLocaleString(lang)}
                  {e.location ? ` · ${e.location}` : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
