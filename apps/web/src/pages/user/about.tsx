import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { AboutView } from '../../features/user';

/** /pages/user/about: name, version, contact. */
export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.about')}>
      <AboutView />
    </Page>
  );
}
