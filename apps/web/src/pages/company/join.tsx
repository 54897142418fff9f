import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { JoinView } from '../../features/company';

/** /pages/company/join?code=...: accepting an invitation to a company. */
export default function CompanyJoinPage() {
  const { t } = useTranslation('company');
  return (
    <Page title={t('titles.join')}>
      <JoinView />
    </Page>
  );
}
