import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_NOTE_MAX, type OrderDetail } from '@simshop/contracts';
import { addressListQuery } from '../../address';
import { useOrderActions } from '../api/order.api';
import { toast, toastError } from '../../../shared';

/**
 * What a buyer may still change before shipment (the server allows it while `actions.update`): the note,
 * and for orders that ship, the delivery address, chosen among the buyer's saved addresses.
 */
export function OrderUpdatePanel({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation('order');
  const actions = useOrderActions();
  const ships = order.address !== null;
  const addresses = useQuery({ ...addressListQuery(i18n.language), enabled: ships });
  const [note, setNote] = useState(order.note ?? '');
  const [addressId, setAddressId] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await actions.update({
        id: order.id,
        note: note.trim(),
        ...(addressId === '' ? {} : { addressId }),
      });
      toast(t('update.saved'), 'success');
      onDone();
    } catch (e) {
      toastError(e, t('detail.actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ord-card" aria-labelledby="ord-d-update">
      <h2 id="ord-d-update">{t('update.title')}</h2>
      {ships ? (
        <label className="ord-field">
          <span>{t('update.address')}</span>
          <select
            value={addressId}
            onChange={(e) => setAddressId(e.target.value ? Number(e.target.value) : '')}
          >
            <option value="">{t('update.keepAddress')}</option>
            {(addresses.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.contact} · {a.fullAddress}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="ord-field">
        <span>{t('update.note')}</span>
        <textarea
          value={note}
          maxLength={ORDER_NOTE_MAX}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <div className="ord-actions">
        <button type="button" className="ord-button ord-button-ghost" onClick={onDone} disabled={busy}>
          {t('cancel')}
        </button>
        <button type="button" className="ord-button" onClick={() => void save()} disabled={busy}>
          {t('update.save')}
        </button>
      </div>
    </section>
  );
}
