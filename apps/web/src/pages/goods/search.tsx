import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { SearchView } from '../../features/catalogue';

/** /pages/goods/search: hot keywords, the visitor's history, results as they type. */
export default function GoodsSearchPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.goodsSearch')}>
      <SearchView />
    </Page>
  );
}
