import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { EsimDevicesView } from '../../features/catalogue';

/** /pages/goods/esim-devices: "Does my phone support eSIM?" before buying an eSIM (issue 12). */
export default function EsimDevicesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.esimDevices')}>
      <EsimDevicesView />
    </Page>
  );
}
