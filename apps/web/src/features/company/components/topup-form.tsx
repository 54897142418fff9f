import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, toast, toastError } from '../../../shared';
import { planSpecsQuery, useCompanyActions } from '../api/company.api';
import { PayWaySelect, SpecSelect, type PayWay } from './order-pickers';

/** Tops up the selected eSIMs in one order: a top-up package and a pay way (issue 28). */
export function TopUpForm({
  iccids,
  goodsId,
  onOrdered,
}: {
  iccids: string[];
  goodsId: number | null;
  onOrdered: () => void;
}) {
  const { t, i18n } = useTranslation('company');
  const specs = useQuery(planSpecsQuery(i18n.language, goodsId ?? 0));
  const [specId, setSpecId] = useState(0);
  const [payWay, setPayWay] = useState<PayWay>('transfer');
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => `topup-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const actions = useCompanyActions();
  const spec = specs.data?.specs.find((s) => s.id === specId);

  async function submit() {
    setBusy(true);
    try {
      const order = await actions.topUp({ specId, iccids, all: false, payWay, idempotencyKey: key });
      toast(t('topUp.done', { orderNo: order.orderNo, count: order.iccids.length }), 'success');
      setKey(`topup-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
      onOrdered();
    } catch (err) {
      toastError(err, t('failed'));
    } finally {
      setBusy(false);
    }
  }

  if (iccids.length === 0) return <p className="company-hint">{t('topUp.none')}</p>;
  return (
    <div className="company-form" aria-label={t('topUp.title')}>
      <SpecSelect label={t('topUp.package')} specs={specs.data} value={specId} onChange={setSpecId} />
      <PayWaySelect value={payWay} onChange={setPayWay} />
      {spec ? (
        <p>
          {t('bulk.total', {
            amount: formatMoney(spec.price * iccids.length, specs.data?.currency ?? 'TWD', i18n.language),
          })}
        </p>
      ) : null}
      <button type="button" disabled={busy || specId === 0} onClick={() => void submit()}>
        {t('topUp.submit', { count: iccids.length })}
      </button>
    </div>
  );
}
