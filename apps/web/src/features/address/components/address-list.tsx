import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from 'antd-mobile';
import type { Address } from '@simshop/contracts';
import { addressListQuery, useAddressActions } from '../api/address.api';
import { Empty, LoadError, Loading, toast, toastError } from '../../../shared';
import './address.css';

export const ADDRESS_EDIT_PATH = '/pages/user/address-edit';
export const addressEditPath = (id?: number) => (id ? `${ADDRESS_EDIT_PATH}?id=${id}` : ADDRESS_EDIT_PATH);

/** One address: recipient, mobile, the address on one line, and a default tag. */
export function AddressSummary({ address }: { address: Address }) {
  const { t } = useTranslation('order');
  return (
    <div className="addr-summary">
      <p className="addr-who">
        <strong>{address.contact}</strong> <span>{address.phone}</span>
        {address.isDefault ? <span className="addr-tag">{t('address.default')}</span> : null}
      </p>
      <p className="addr-line">{address.fullAddress}</p>
    </div>
  );
}

/** The address book: set the default, edit, delete (after confirmation), add a new one. */
export function AddressListView() {
  const { t, i18n } = useTranslation('order');
  const list = useQuery(addressListQuery(i18n.language));
  const actions = useAddressActions();

  const setDefault = async (a: Address) => {
    try {
      await actions.setDefault(a.id);
      toast(t('address.defaultSet'), 'success');
    } catch (err) {
      toastError(err, t('address.saveFailed'));
    }
  };
  const remove = (a: Address) =>
    Dialog.confirm({
      content: t('address.confirmDelete', { name: a.contact }),
      confirmText: t('address.delete'),
      cancelText: t('cancel'),
      onConfirm: async () => {
        try {
          await actions.remove(a.id);
        } catch (err) {
          toastError(err, t('address.deleteFailed'));
        }
      },
    });

  return (
    <div className="addr-list">
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Empty>{t('address.empty')}</Empty>
      ) : (
        <ul className="addr-cards">
          {list.data.map((a) => (
            <li key={a.id} className="addr-card">
              <AddressSummary address={a} />
              <div className="addr-actions">
                {a.isDefault ? null : (
                  <button type="button" className="addr-link" onClick={() => void setDefault(a)}>
                    {t('address.setDefault')}
                  </button>
                )}
                <Link
                  className="addr-link"
                  to={addressEditPath(a.id)}
                  aria-label={t('address.editOf', { name: a.contact })}
                >
                  {t('address.edit')}
                </Link>
                <button
                  type="button"
                  className="addr-link addr-link-danger"
                  onClick={() => void remove(a)}
                  aria-label={t('address.deleteOf', { name: a.contact })}
                >
                  {t('address.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="addr-bottom">
        <Link className="addr-add" to={addressEditPath()}>
          {t('address.add')}
        </Link>
      </div>
    </div>
  );
}
