import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Empty, LoadError, Loading, toast, toastError } from '../../../shared';
import { companyCardsQuery, companyMembersQuery, useCompanyActions } from '../api/company.api';
import { TopUpForm } from './topup-form';
import { toggleAll, toggleCard, topUpGoodsOf } from './topup-selection';

const MB = 1024 * 1024;

/**
 * Every eSIM of the company's batches: traveller, status, usage, forecast and expiry; reassign if not
 * installed; select some (or all) to top them up in one order.
 */
export function CardsPanel() {
  const { t, i18n } = useTranslation('company');
  const cards = useQuery(companyCardsQuery(i18n.language));
  const members = useQuery(companyMembersQuery(i18n.language));
  const actions = useCompanyActions();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const date = (s: string | null) => (s ? new Date(s).toLocaleDateString(i18n.language) : '—');

  if (cards.isPending) return <Loading />;
  if (cards.isError) return <LoadError error={cards.error} onRetry={() => void cards.refetch()} />;
  if (cards.data.length === 0) return <Empty>{t('cards.empty')}</Empty>;
  return (
    <div className="company-panel">
      <h2>{t('cards.title')}</h2>
      <div className="company-table-wrap">
        <table className="company-table">
          <thead>
            <tr>
              <th>
                <input
                  type="checkbox"
                  aria-label={t('topUp.selectAll')}
                  checked={selected.size > 0 && cards.data.every((c) => !c.canTopUp || selected.has(c.iccid))}
                  onChange={() => setSelected((s) => toggleAll(s, cards.data))}
                />
              </th>
              <th>{t('cards.iccid')}</th>
              <th>{t('cards.traveller')}</th>
              <th>{t('cards.status')}</th>
              <th>{t('cards.usage')}</th>
              <th>{t('cards.runsOut')}</th>
              <th>{t('cards.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {cards.data.map((c) => (
              <tr key={c.iccid}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('topUp.select', { iccid: c.iccid.slice(-6) })}
                    disabled={!c.canTopUp}
                    checked={selected.has(c.iccid)}
                    onChange={() => setSelected((s) => toggleCard(s, c))}
                  />
                </td>
                <td>…{c.iccid.slice(-6)}</td>
                <td>
                  {c.status === 'not_installed' ? (
                    <select
                      aria-label={t('cards.assignTo', { iccid: c.iccid.slice(-6) })}
                      value={c.travellerUserId ?? 0}
                      onChange={(e) =>
                        void actions
                          .reassign(c.iccid, Number(e.target.value))
                          .then(() => toast(t('cards.reassigned'), 'success'))
                          .catch((err: unknown) => toastError(err, t('failed')))
                      }
                    >
                      <option value={0} disabled>
                        {t('cards.unassigned')}
                      </option>
                      {members.data?.map((m) => (
                        <option key={m.userId} value={m.userId}>
                          {m.name}
                        </option>
                      ))}
                    </select>
                  ) : (
                    (c.travellerName ?? t('cards.unassigned'))
                  )}
                </td>
                <td>{t(`cards.states.${c.status}`)}</td>
                <td>
                  {Math.round(c.dataUsedBytes / MB)}
                  {c.dataTotalBytes === null ? ' MB' : ` / ${Math.round(c.dataTotalBytes / MB)} MB`}
                </td>
                <td>{date(c.forecastRunsOutAt)}</td>
                <td>{date(c.validUntil)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('topUp.title')}</h3>
      <TopUpForm
        iccids={[...selected]}
        goodsId={topUpGoodsOf(selected, cards.data)}
        onOrdered={() => setSelected(new Set())}
      />
    </div>
  );
}
