import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { ADDRESS_KEY, AddressListView } from '../../features/address';

/** /pages/user/address-list (pull-to-refresh): the address book. */
export default function AddressListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <Page
      title={t('common:titles.addressList')}
      onRefresh={() => qc.refetchQueries({ queryKey: ADDRESS_KEY, type: 'active' }, { throwOnError: true })}
    >
      <AddressListView />
    </Page>
  );
}
