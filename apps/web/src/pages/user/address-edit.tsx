import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page, useGoBack } from '../../app/page';
import { AddressForm } from '../../features/address';

/** /pages/user/address-edit[?id=]: add an address, or change one. Saving goes back to where the buyer came from. */
export default function AddressEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const goBack = useGoBack();
  return (
    <Page title={t(id ? 'common:titles.addressEdit' : 'common:titles.addressNew')}>
      <AddressForm key={id ?? 'new'} id={id} onSaved={goBack} />
    </Page>
  );
}
