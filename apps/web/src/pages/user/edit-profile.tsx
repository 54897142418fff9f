import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { RealNameVerification } from '../../features/user';

/** /pages/user/edit-profile: real-name verification. */
export default function EditProfilePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.editProfile')}>
      <RealNameVerification />
    </Page>
  );
}
