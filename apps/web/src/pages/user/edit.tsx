import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { AvatarEditor, NicknameForm } from '../../features/user';

/** /pages/user/edit: avatar and nickname. */
export default function EditPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.edit')}>
      <AvatarEditor />
      <NicknameForm />
    </Page>
  );
}
