import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api/client';
import { PAYMENT_KEY, transferQuery } from '../api/payment.api';
import { formatMoney, LoadError, Loading, toast, toastError } from '../../../shared';
import './payment.css';

/**
 * /pages/order/corporate-transfer: the payee account, the order's reference for the memo, the proofs
 * (pictures or PDF, several) and the state: awaiting transfer, proof submitted, verified, rejected (with the
 * reason; resubmit).
 */
export function TransferView({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('payment');
  const qc = useQueryClient();
  const info = useQuery(transferQuery(orderId));
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState(0);
  if (info.isPending) return <Loading />;
  if (info.error) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  const d = info.data;
  const canSubmit = d.status !== 'verified';

  const submit = async () => {
    setBusy(true);
    try {
      const urls = [];
      for (const f of files) urls.push((await api.upload(f)).url);
      await api.post('app/order/transfer/submitProof', { body: { orderId, proofs: urls } });
      setFiles([]);
      setPicker((n) => n + 1);
      toast(t('transfer.submitted'), 'success');
      await qc.invalidateQueries({ queryKey: PAYMENT_KEY });
    } catch (e) {
      toastError(e, t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pay-page">
      <section className="pay-section" aria-labelledby="pay-transfer-payee">
        <h2 id="pay-transfer-payee">{t('transfer.payee')}</h2>
        <dl className="pay-codes">
          <dt>{t('transfer.bank')}</dt>
          <dd>
            {d.bankName} ({d.bankCode})
          </dd>
          <dt>{t('transfer.accountName')}</dt>
          <dd>{d.accountName}</dd>
          <dt>{t('transfer.accountNo')}</dt>
          <dd>{d.accountNo}</dd>
          <dt>{t('transfer.amount')}</dt>
          <dd>{formatMoney(d.amount, d.currency, i18n.language)}</dd>
          <dt>{t('transfer.reference')}</dt>
          <dd data-testid="transfer-reference">{d.reference}</dd>
          {d.payBy ? (
            <>
              <dt>{t('transfer.payBy')}</dt>
              <dd data-testid="transfer-pay-by">
                {new Date(d.payBy).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="pay-muted">{t('transfer.referenceHint')}</p>
      </section>
      <section className="pay-section" aria-labelledby="pay-transfer-state">
        <h2 id="pay-transfer-state">{t('transfer.state')}</h2>
        <p role="status" data-testid="transfer-status">
          {t(`transfer.status.${d.status}`)}
        </p>
        {d.status === 'rejected' && d.rejectReason ? (
          <p role="alert">
            {t('transfer.rejectReason')}: {d.rejectReason}
          </p>
        ) : null}
        {d.proofs.length > 0 ? (
          <ul className="pay-proofs" aria-label={t('transfer.proofs')}>
            {d.proofs.map((p) => (
              <li key={p.id}>
                {p.mime === 'application/pdf' ? 'PDF' : t('transfer.picture')} ·{' '}
                {new Date(p.uploadedAt).toLocaleString(i18n.language)} · {p.sha256.slice(0, 12)}
              </li>
            ))}
          </ul>
        ) : null}
        {/* the way back: once verified the order page follows the delivery (an eSIM order's cards) */}
        <Link className="pay-link" to={`/pages/order/detail?id=${orderId}`}>
          {t('transfer.openOrder')}
        </Link>
      </section>
      {canSubmit ? (
        <section className="pay-section" aria-labelledby="pay-transfer-upload">
          <h2 id="pay-transfer-upload">{t('transfer.upload')}</h2>
          <input
            key={picker}
            type="file"
            accept="image/jpeg,image/png,application/pdf"
            multiple
            aria-label={t('transfer.chooseFiles')}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
          <button
            type="button"
            className="pay-button pay-go"
            disabled={files.length === 0 || busy}
            onClick={() => void submit()}
          >
            {t('transfer.submit')}
          </button>
        </section>
      ) : null}
    </div>
  );
}
