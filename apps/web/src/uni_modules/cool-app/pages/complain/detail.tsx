import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../../app/page';
import { CareDetailView } from '../../../../features/cs';
import { Empty } from '../../../../shared';

/** /uni_modules/cool-app/pages/complain/detail?id=: one of them, with the shop's reply. */
export default function ComplainDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('common:titles.complainDetail')}>
      {Number.isSafeInteger(id) && id > 0 ? (
        <CareDetailView kind="complain" id={id} />
      ) : (
        <Empty>{t('cs:care.missing')}</Empty>
      )}
    </Page>
  );
}
