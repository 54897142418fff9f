import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Empty, LoadError, Loading, formatMoney, toast, toastError } from '../../../shared';
import { companyBatchesQuery, useCompanyActions } from '../api/company.api';

/**
 * The company's batch orders; for an approver (or the owner) those waiting for approval, with approve and
 * reject (with a reason). The company account pays an approved order from its order page.
 */
export function BatchesPanel({ canDecide, awaitingOnly }: { canDecide: boolean; awaitingOnly: boolean }) {
  const { t, i18n } = useTranslation('company');
  const batches = useQuery(
    companyBatchesQuery(i18n.language, awaitingOnly ? 'awaiting_approval' : undefined),
  );
  const actions = useCompanyActions();
  const [reasons, setReasons] = useState<Record<number, string>>({});

  async function decide(id: number, approve: boolean) {
    try {
      await actions.decide(id, approve, reasons[id] ?? '');
      toast(t(approve ? 'approvals.approved' : 'approvals.rejected'), 'success');
    } catch (err) {
      toastError(err, t('failed'));
    }
  }

  if (batches.isPending) return <Loading />;
  if (batches.isError) return <LoadError error={batches.error} onRetry={() => void batches.refetch()} />;
  return (
    <div className="company-panel">
      <h2>{t(awaitingOnly ? 'approvals.title' : 'batches.title')}</h2>
      {batches.data.list.length === 0 ? (
        <Empty>{t(awaitingOnly ? 'approvals.empty' : 'batches.empty')}</Empty>
      ) : (
        <ul className="company-list">
          {batches.data.list.map((b) => (
            <li key={b.id} className="company-batch">
              <div>
                <strong>
                  {t('batches.line', {
                    count: b.quantity,
                    amount: formatMoney(b.totalAmount, b.currency, i18n.language),
                  })}
                </strong>
                <div className="company-hint">
                  {t(`status.${b.status}`)} · {b.buyerName} ·{' '}
                  {new Date(b.createdAt).toLocaleDateString(i18n.language)}
                  {b.reason ? ` · ${b.reason}` : ''}
                </div>
                <div className="company-hint">
                  {t('batches.assigned', { assigned: b.assigned, travellers: b.travellers })} ·{' '}
                  <Link to={`/pages/order/detail?id=${b.orderId}`}>{b.orderNo}</Link>
                </div>
              </div>
              {canDecide && b.status === 'awaiting_approval' ? (
                <div className="company-row-actions">
                  <input
                    aria-label={t('approvals.reason')}
                    placeholder={t('approvals.reason')}
                    value={reasons[b.id] ?? ''}
                    onChange={(e) => setReasons({ ...reasons, [b.id]: e.target.value })}
                  />
                  <button type="button" onClick={() => void decide(b.id, true)}>
                    {t('approvals.approve')}
                  </button>
                  <button type="button" onClick={() => void decide(b.id, false)}>
                    {t('approvals.reject')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
