import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { RegisterFlow } from '../../features/auth';

/** /pages/user/register: personal or company registration, in two steps. */
export default function RegisterPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.register')}>
      <RegisterFlow />
    </Page>
  );
}
