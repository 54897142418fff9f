import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../../app/page';
import { CareSubmitView } from '../../../../features/cs';

/** /uni_modules/cool-app/pages/complain/submit: file a new one. */
export default function ComplainSubmitPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  return (
    <Page title={t('common:titles.complainSubmit')}>
      <CareSubmitView
        kind="complain"
        orderId={Number.isSafeInteger(orderId) && orderId > 0 ? orderId : undefined}
      />
    </Page>
  );
}
