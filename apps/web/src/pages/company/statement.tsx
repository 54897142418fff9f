import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { StatementView } from '../../features/company';

/** /pages/company/statement: the monthly statement, printable, with its CSV. */
export default function CompanyStatementPage() {
  const { t } = useTranslation('company');
  return (
    <Page title={t('titles.statement')}>
      <StatementView />
    </Page>
  );
}
