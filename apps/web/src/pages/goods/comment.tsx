import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../app/page';
import { CommentListView, useGoodsIdParam } from '../../features/catalogue';
import { Empty } from '../../shared';

/** /pages/goods/comment?goodsId=: a goods' reviews, all / with pictures / by rating. */
export default function GoodsCommentPage() {
  const { t } = useTranslation();
  const goodsId = useGoodsIdParam('goodsId');
  return (
    <Page title={t('common:titles.goodsComment')}>
      {goodsId === null ? (
        <Empty>
          {t('catalogue:detail.missing')} <Link to="/">{t('common:notFound.home')}</Link>
        </Empty>
      ) : (
        <CommentListView goodsId={goodsId} />
      )}
    </Page>
  );
}
