import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { GoodsListView, useGoodsListRefresh } from '../../features/catalogue';

/** /pages/goods/list (pull-to-refresh): filters and sorts in the address, endless pages. */
export default function GoodsListPage() {
  const { t } = useTranslation();
  const refresh = useGoodsListRefresh();
  return (
    <Page title={t('common:titles.goodsList')} onRefresh={refresh}>
      <GoodsListView />
    </Page>
  );
}
