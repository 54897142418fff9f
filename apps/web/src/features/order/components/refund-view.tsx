import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_REFUND_TEXT_MAX } from '@simshop/contracts';
import { useDict } from '../../../lib/dict';
import { orderDetailQuery, useOrderActions } from '../api/order.api';
import { PicturePicker } from './picture-picker';
import { formatMoney, LoadError, Loading, toast, toastError } from '../../../shared';
import './order.css';

/** Refund request: a reason from the refundReason dictionary, a description and up to 9 pictures. */
export function RefundView({ id, onDone }: { id: number; onDone: () => void }) {
  const { t, i18n } = useTranslation('order');
  const detail = useQuery(orderDetailQuery(i18n.language, id));
  const reasons = useDict('refundReason');
  const actions = useOrderActions();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [pictures, setPictures] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (detail.isPending) return <Loading />;
  if (detail.error) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const o = detail.data;

  const submit = async () => {
    if (!reason) return setError(t('refund.chooseReason'));
    setBusy(true);
    try {
      await actions.refund({ id, reason, description: description.trim(), pictures });
      toast(t('refund.submitted'), 'success');
      onDone();
    } catch (e) {
      toastError(e, t('refund.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="ord-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="ord-card">
        {t('refund.amount')}: <strong>{formatMoney(o.totalAmount, o.currency, i18n.language)}</strong>
      </p>
      <label className="ord-field ord-card">
        <span>{t('refund.reason')}</span>
        <select
          value={reason}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'ord-refund-error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        >
          <option value="">{t('refund.chooseReason')}</option>
          {reasons.map((r) => (
            <option key={r.id} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p id="ord-refund-error" className="ord-error" role="alert">
          {error}
        </p>
      ) : null}
      <label className="ord-field ord-card">
        <span>{t('refund.description')}</span>
        <textarea
          rows={4}
          value={description}
          maxLength={ORDER_REFUND_TEXT_MAX}
          placeholder={t('refund.descriptionPlaceholder')}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <div className="ord-card">
        <PicturePicker value={pictures} onChange={setPictures} />
      </div>
      <button type="submit" className="ord-button ord-button-block" disabled={busy}>
        {t('refund.submit')}
      </button>
    </form>
  );
}
