import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../app/page';
import { GoodsDetailView, useGoodsDetailRefresh, useGoodsIdParam } from '../../features/catalogue';
import { ChatLink } from '../../features/cs';
import { Empty } from '../../shared';

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
