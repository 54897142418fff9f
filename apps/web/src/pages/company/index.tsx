import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { CompanySpace } from '../../features/company';

/** /pages/company/index: the company space (members, bulk purchase, approvals, orders, eSIMs). */
export default function CompanyIndexPage() {
  const { t } = useTranslation('company');
  return (
    <Page title={t('titles.space')}>
      <CompanySpace />
    </Page>
  );
}
