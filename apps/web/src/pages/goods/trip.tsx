import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { TripPlanner } from '../../features/trip';

/** /pages/goods/trip?legs=JP:2026-12-01:2026-12-14,...&use=: plan by trip (issue 27). */
export default function TripPlannerPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.tripPlanner')}>
      <TripPlanner />
    </Page>
  );
}
