import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { payStatusQuery } from '../api/payment.api';
import { formatMoney, LoadError, Loading } from '../../../shared';
import { CopyButton, PaidSummary } from './paid-summary';
import './payment.css';

const CODE_LABELS = [
  'BankCode',
  'CodeNo',
  'PaymentNo',
  'Barcode_1',
  'Barcode_2',
  'Barcode_3',
  'ExpireDate',
  'ExpireTime',
];

/** /pages/simpay/customer?orderId=: the ATM account or convenience-store code issued for the order. */
export function SimpayCustomerView({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('payment');
  const status = useQuery({
    ...payStatusQuery(orderId),
    refetchInterval: (q) => (q.state.data?.paid ? false : 5000),
  });
  if (status.isPending) return <Loading />;
  if (status.error) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  const s = status.data;
  const offline = [...s.attempts].reverse().find((a) => a.status === 'awaiting_offline');
  return (
    <div className="pay-page">
      <section className="pay-section" aria-labelledby="pay-customer">
        <h2 id="pay-customer">{s.paid ? t('paid') : t('offlineTitle')}</h2>
        {offline ? (
          <>
            <p>{formatMoney(offline.amount, offline.currency, i18n.language)}</p>
            <dl className="pay-codes">
              {Object.entries(offline.detail)
                .filter(([k]) => CODE_LABELS.includes(k))
                .map(([k, v]) => (
                  <div key={k}>
                    <dt>{t(`code.${k}`)}</dt>
                    <dd>
                      <span>{v}</span>
                      {k.startsWith('Expire') ? null : <CopyButton value={v} label={t(`code.${k}`)} />}
                    </dd>
                  </div>
                ))}
            </dl>
            <p className="pay-muted">{t('offlineHint')}</p>
          </>
        ) : s.paid ? null : (
          <p>{t('waiting')}</p>
        )}
        <Link className="pay-button" to={`/pages/order/detail?id=${orderId}`}>
          {t('viewOrder')}
        </Link>
      </section>
    </div>
  );
}

/**
 * /pages/simpay/viewback?orderId=: the result after the provider's page. The browser's return proves
 * nothing: the server confirms with the provider (confirm=1), then this page polls until paid or a minute.
 * `cancelled`: the provider sent the payer back from its cashier without paying (Alipay's quit_url).
 */
export function SimpayViewbackView({
  orderId,
  cancelled = false,
  esimLink = null,
}: {
  orderId: number;
  cancelled?: boolean;
  /** Where the order's eSIM (or topped-up card) is, for an order without shipped goods. */
  esimLink?: string | null;
}) {
  const { t } = useTranslation('payment');
  const [first, setFirst] = useState(true);
  const [gaveUp, setGaveUp] = useState(false);
  const status = useQuery({
    ...payStatusQuery(orderId, first),
    refetchInterval: (q) => (q.state.data?.paid || gaveUp ? false : 2000),
  });
  useEffect(() => {
    if (status.data) setFirst(false);
  }, [status.data]);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), 60_000);
    return () => clearTimeout(timer);
  }, []);
  if (status.isPending) return <Loading />;
  if (status.error) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  const s = status.data;
  const last = s.attempts.at(-1);
  const failed = !s.paid && (last?.status === 'failed' || last?.status === 'closed');
  return (
    <div className="pay-page">
      <section className="pay-section" aria-live="polite">
        <h2 data-testid="pay-result">
          {s.paid
            ? t('paid')
            : failed
              ? t('failed')
              : cancelled
                ? t('cancelled')
                : gaveUp
                  ? t('stillWaiting')
                  : t('checking')}
        </h2>
        <PaidSummary status={s} esimLink={esimLink} failed={failed} />
        <Link
          className={s.paid && esimLink ? 'pay-button pay-button-ghost' : 'pay-button'}
          to={`/pages/order/detail?id=${orderId}`}
        >
          {t('viewOrder')}
        </Link>
      </section>
    </div>
  );
}
