import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import { LoadError, Loading, formatMoney, toastError } from '../../../shared';
import { companyStatementQuery } from '../api/company.api';
import './company.css';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The monthly statement, printable (the browser's print), and its CSV from the server. */
export function StatementView() {
  const { t, i18n } = useTranslation('company');
  const [month, setMonth] = useState(thisMonth);
  const statement = useQuery(companyStatementQuery(i18n.language, month));
  const { token } = useSession();

  async function download() {
    try {
      const res = await fetch(apiUrl(`app/company/statement/export?month=${month}`), {
        headers: { authorization: token ?? '', language: i18n.language },
      });
      if (!res.ok || !res.headers.get('content-type')?.includes('text/csv')) throw new Error(t('failed'));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `statement-${month}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      toastError(err, t('failed'));
    }
  }

  const s = statement.data;
  const money = (n: number) => formatMoney(n, s?.currency ?? 'TWD', i18n.language);
  return (
    <div className="company-panel company-statement">
      <div className="company-form company-inline company-no-print">
        <label>
          {t('statement.month')}
          <input type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
        </label>
        <button type="button" onClick={() => void download()}>
          {t('statement.csv')}
        </button>
        <button type="button" onClick={() => window.print()}>
          {t('statement.print')}
        </button>
      </div>
      {statement.isPending ? <Loading /> : null}
      {statement.isError ? (
        <LoadError error={statement.error} onRetry={() => void statement.refetch()} />
      ) : null}
      {s ? (
        <>
          <h2>{t('statement.heading', { company: s.company, month: s.month })}</h2>
          <table className="company-table">
            <thead>
              <tr>
                <th>{t('statement.date')}</th>
                <th>{t('statement.orderNo')}</th>
                <th>{t('statement.invoiceNo')}</th>
                <th>{t('statement.description')}</th>
                <th>{t('statement.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => (
                <tr key={`${l.kind}-${l.orderNo}-${l.at}`}>
                  <td>{new Date(l.at).toLocaleDateString(i18n.language)}</td>
                  <td>{l.orderNo}</td>
                  <td>{l.invoiceNo ?? '—'}</td>
                  <td>
                    {t(`statement.kinds.${l.kind}`)}: {l.description}
                  </td>
                  <td>{money(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="company-totals">
            <dt>{t('statement.orders')}</dt>
            <dd>{money(s.ordersTotal)}</dd>
            <dt>{t('statement.refunds')}</dt>
            <dd>{money(s.refundsTotal)}</dd>
            <dt>{t('statement.usage')}</dt>
            <dd>{t('statement.usageValue', { cards: s.cards, mb: s.usedMb })}</dd>
          </dl>
        </>
      ) : null}
    </div>
  );
}
