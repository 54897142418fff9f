import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../app/page';
import {
  GoodsDetailView,
  prefetchGoodsDetail,
  useGoodsDetailRefresh,
  useGoodsIdParam,
} from '../../features/catalogue';
import { ChatLink } from '../../features/cs';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { Empty } from '../../shared';

/** Opened first: the goods and its first picture are asked for while the app loads its language. */
export const preload = () => prefetchGoodsDetail(queryClient, i18n.language, window.location.search);

/** /pages/goods/detail?id= (pull-to-refresh): one goods, its specs, reviews and the buy actions. */
export default function GoodsDetailPage() {
  const { t } = useTranslation();
  const id = useGoodsIdParam();
  const refresh = useGoodsDetailRefresh(id);
  return (
    <Page
      title={t('common:titles.goodsDetail')}
      onRefresh={id === null ? undefined : refresh}
      className="page-goods-detail"
      right={id === null ? undefined : <ChatLink context={{ goodsId: id }} />}
    >
      {id === null ? (
        <Empty>
          {t('catalogue:detail.missing')} <Link to="/">{t('common:notFound.home')}</Link>
        </Empty>
      ) : (
        <GoodsDetailView key={id} id={id} />
      )}
    </Page>
  );
}
