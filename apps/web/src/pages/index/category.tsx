import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { CategoryView, prefetchCategory } from '../../features/catalogue';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

/** Opened first: the types and the first type's goods are asked for while the app loads its language. */
export const preload = () => prefetchCategory(queryClient, i18n.language, window.location.search);

/** /pages/index/category (tab): goods types on the left, the chosen type's goods on the right. */
export default function IndexCategoryPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.category')} back={false}>
      <CategoryView />
    </Page>
  );
}
