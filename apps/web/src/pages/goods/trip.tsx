import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { TripPlanner, prefetchTripDestinations } from '../../features/trip';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

/** Opened first: the destinations are taken from the page, or asked for while the app loads its language. */
export const preload = () => prefetchTripDestinations(queryClient, i18n.language);

/** /pages/goods/trip?legs=JP:2026-12-01:2026-12-14,...&use=: plan by trip (issue 27). */
export default function TripPlannerPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.tripPlanner')}>
      <TripPlanner />
    </Page>
  );
}
