import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { LoginForm } from '../../features/auth';

/** /pages/user/login: SMS code, password and WeChat login. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.login')}>
      <LoginForm />
    </Page>
  );
}
