import { useTranslation } from 'react-i18next';
import { Page } from '../../../../app/page';
import { CareListView } from '../../../../features/cs';

/** /uni_modules/cool-app/pages/feedback/list: the buyer's list, newest first. */
export default function FeedbackListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.feedbackList')}>
      <CareListView kind="feedback" />
    </Page>
  );
}
