import { useTranslation } from 'react-i18next';
import { Page } from '../../../../app/page';
import { VersionCheck } from '../../../../features/user';

/** /uni_modules/cool-app/pages/version/demo: this version, and a check for a newer one. */
export default function VersionPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.version')}>
      <VersionCheck />
    </Page>
  );
}
