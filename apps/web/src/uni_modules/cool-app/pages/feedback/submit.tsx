import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../../app/page';
import { CareSubmitView } from '../../../../features/cs';

/** /uni_modules/cool-app/pages/feedback/submit: file a new one. */
export default function FeedbackSubmitPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  return (
    <Page title={t('common:titles.feedbackSubmit')}>
      <CareSubmitView
        kind="feedback"
        orderId={Number.isSafeInteger(orderId) && orderId > 0 ? orderId : undefined}
      />
    </Page>
  );
}
