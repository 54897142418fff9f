import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { WebsiteLanding, prefetchTripDestinations } from '../../features/trip';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

/** Opened first: the destinations are taken from the page, or asked for while the app loads its language. */
export const preload = () => prefetchTripDestinations(queryClient, i18n.language);

/** /pages/index/website: the desktop landing page, destinations and the trip planner (issue 27). */
export default function WebsitePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.website')} back={false}>
      <WebsiteLanding />
    </Page>
  );
}
