import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { WebsiteLanding } from '../../features/trip';

/** /pages/index/website: the desktop landing page, destinations and the trip planner (issue 27). */
export default function WebsitePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.website')} back={false}>
      <WebsiteLanding />
    </Page>
  );
}
