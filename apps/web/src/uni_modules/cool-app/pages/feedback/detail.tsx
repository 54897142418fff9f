import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../../app/page';
import { CareDetailView } from '../../../../features/cs';
import { Empty } from '../../../../shared';

/** /uni_modules/cool-app/pages/feedback/detail?id=: one of them, with the shop's reply. */
export default function FeedbackDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('common:titles.feedbackDetail')}>
      {Number.isSafeInteger(id) && id > 0 ? (
        <CareDetailView kind="feedback" id={id} />
      ) : (
        <Empty>{t('cs:care.missing')}</Empty>
      )}
    </Page>
  );
}
