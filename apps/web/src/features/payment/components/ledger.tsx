import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ledgerPageQuery, type LedgerEntry } from '../api/payment.api';
import { Empty, formatMoney, LoadError, Loading } from '../../../shared';

/** A ledger's entries, newest first: money (wallet) or points. */
export function LedgerList({ kind, currency }: { kind: 'wallet' | 'points'; currency: string }) {
  const { t, i18n } = useTranslation('payment');
  const q = useInfiniteQuery(ledgerPageQuery(kind));
  if (q.isPending) return <Loading />;
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const entries: LedgerEntry[] = q.data.pages.flatMap((p) => p.list);
  if (entries.length === 0) return <Empty>{t('noTransactions')}</Empty>;
  const show = (n: number) =>
    kind === 'wallet' ? formatMoney(Math.abs(n), currency, i18n.language) : String(Math.abs(n));
  return (
    <>
      <ul className="pay-ledger" aria-label={t('transactions')}>
        {entries.map((e) => (
          <li key={e.id}>
            <span>
              <strong>{t(`entry.${e.type}`)}</strong>
              <br />
              <span className="pay-muted">{new Date(e.createdAt).toLocaleString(i18n.language)}</span>
            </span>
            <span className={e.amount >= 0 ? 'pay-credit' : 'pay-debit'}>
              {e.amount >= 0 ? '+' : '−'}
              {show(e.amount)}
            </span>
          </li>
        ))}
      </ul>
      {q.hasNextPage ? (
        <button type="button" className="pay-button pay-button-ghost" onClick={() => void q.fetchNextPage()}>
          {t('more')}
        </button>
      ) : null}
    </>
  );
}
