import { useTranslation } from 'react-i18next';
import { Page } from '../../../../app/page';
import { CareListView } from '../../../../features/cs';

/** /uni_modules/cool-app/pages/complain/list: the buyer's list, newest first. */
export default function ComplainListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.complainList')}>
      <CareListView kind="complain" />
    </Page>
  );
}
