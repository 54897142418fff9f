import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { HomeFeed, prefetchHomeFeed } from '../../features/catalogue';
import { TripPlannerEntry } from '../../features/trip';
import { HomeBody, HomeHeader } from '../../features/user';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

/** Opened first: the feed and its first banner are asked for while the app loads its language. */
export const preload = () => prefetchHomeFeed(queryClient, i18n.language);

/** / (tab, custom bar): the home frame, with the search entry, and the catalogue's feed. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.home')} navbar="custom" back={false} header={<HomeHeader />}>
      <HomeBody>
        <TripPlannerEntry />
        <HomeFeed />
      </HomeBody>
    </Page>
  );
}
