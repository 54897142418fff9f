import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { GoodsListView, prefetchGoodsList, useGoodsListRefresh } from '../../features/catalogue';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';

/** Opened first: the first page of goods is asked for while the app loads its language. */
export const preload = () => prefetchGoodsList(queryClient, i18n.language, window.location.search);

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
