import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { CompanyPreview } from '@simshop/contracts';
import { formatMoney, toast, toastError } from '../../../shared';
import { esimPlansQuery, planSpecsQuery, useCompanyActions } from '../api/company.api';
import { PayWaySelect, SpecSelect, type PayWay } from './order-pickers';

/**
 * Bulk purchase: a plan, then a quantity or a CSV of travellers; the server's preview lists each row's
 * problems, and only a clean preview can be confirmed (one order for the batch).
 */
export function BulkPanel({ onOrdered }: { onOrdered: () => void }) {
  const { t, i18n } = useTranslation('company');
  const plans = useQuery(esimPlansQuery(i18n.language));
  const [goodsId, setGoodsId] = useState(0);
  const specs = useQuery(planSpecsQuery(i18n.language, goodsId));
  const [specId, setSpecId] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [csv, setCsv] = useState<string | undefined>(undefined);
  const [fileName, setFileName] = useState('');
  const [payWay, setPayWay] = useState<PayWay>('transfer');
  const [preview, setPreview] = useState<CompanyPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(() => `batch-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const actions = useCompanyActions();
  const body = () => ({ specId, ...(csv ? { csv } : { quantity }) });

  async function readFile(file: File | undefined) {
    setPreview(null);
    if (!file) return setCsv(undefined);
    setFileName(file.name);
    setCsv(await file.text());
  }

  async function run(step: () => Promise<void>) {
    setBusy(true);
    try {
      await step();
    } catch (err) {
      toastError(err, t('failed'));
    } finally {
      setBusy(false);
    }
  }

  const spec = specs.data?.specs.find((s) => s.id === specId);
  return (
    <div className="company-panel">
      <h2>{t('bulk.title')}</h2>
      <div className="company-form">
        <label>
          {t('bulk.plan')}
          <select
            value={goodsId}
            onChange={(e) => {
              setGoodsId(Number(e.target.value));
              setSpecId(0);
              setPreview(null);
            }}
          >
            <option value={0}>{t('bulk.choose')}</option>
            {plans.data?.list.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
        <SpecSelect
          label={t('bulk.spec')}
          specs={specs.data}
          value={specId}
          onChange={(id) => {
            setSpecId(id);
            setPreview(null);
          }}
        />
        <label>
          {t('bulk.csv')}
          <input type="file" accept=".csv,text/csv" onChange={(e) => void readFile(e.target.files?.[0])} />
        </label>
        <p className="company-hint">{t('bulk.csvHint')}</p>
        {csv ? null : (
          <label>
            {t('bulk.quantity')}
            <input
              type="number"
              min={1}
              max={999}
              value={quantity}
              onChange={(e) => setQuantity(Math.max(1, Number(e.target.value) || 1))}
            />
          </label>
        )}
        <button
          type="button"
          disabled={busy || specId === 0}
          onClick={() => void run(async () => setPreview(await actions.preview(body())))}
        >
          {t('bulk.preview')}
        </button>
      </div>
      {preview ? (
        <section aria-labelledby="company-preview">
          <h3 id="company-preview">{t('bulk.previewTitle', { count: preview.quantity, file: fileName })}</h3>
          {preview.errorCount > 0 ? (
            <p role="alert" className="company-error">
              {t('bulk.rowsWithErrors', { count: preview.errorCount })}
            </p>
          ) : null}
          {preview.rows.length > 0 ? (
            <div className="company-table-wrap">
              <table className="company-table">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{t('bulk.cols.name')}</th>
                    <th>{t('bulk.cols.contact')}</th>
                    <th>{t('bulk.cols.destination')}</th>
                    <th>{t('bulk.cols.dates')}</th>
                    <th>{t('bulk.cols.problems')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.row} className={r.errors.length ? 'company-row-bad' : undefined}>
                      <td>{r.row}</td>
                      <td>{r.name}</td>
                      <td>{r.phone ?? r.email ?? ''}</td>
                      <td>{r.destination ?? ''}</td>
                      <td>{[r.startDate, r.endDate].filter(Boolean).join(' – ')}</td>
                      <td>{r.errors.map((e) => e.message).join('; ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {spec && preview.errorCount === 0 ? (
            <div className="company-form">
              <p>
                {t('bulk.total', {
                  amount: formatMoney(
                    spec.price * preview.quantity,
                    specs.data?.currency ?? 'TWD',
                    i18n.language,
                  ),
                })}
              </p>
              <PayWaySelect value={payWay} onChange={setPayWay} />
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    const batch = await actions.confirm({ ...body(), payWay, idempotencyKey: key });
                    toast(
                      t(batch.status === 'awaiting_approval' ? 'bulk.awaiting' : 'bulk.ordered'),
                      'success',
                    );
                    setPreview(null);
                    onOrdered();
                  })
                }
              >
                {t('bulk.confirm')}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
