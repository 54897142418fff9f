import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { HomeFeed } from '../../features/catalogue';
import { HomeBody, HomeHeader } from '../../features/user';

/** / (tab, custom bar): the home frame, with the search entry, and the catalogue's feed. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.home')} navbar="custom" back={false} header={<HomeHeader />}>
      <HomeBody>
        <HomeFeed />
      </HomeBody>
    </Page>
  );
}
