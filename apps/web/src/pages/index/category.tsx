import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { CategoryView } from '../../features/catalogue';

/** /pages/index/category (tab): goods types on the left, the chosen type's goods on the right. */
export default function IndexCategoryPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.category')} back={false}>
      <CategoryView />
    </Page>
  );
}
