import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { CommentView } from '../../features/order';
import { Empty } from '../../shared';

/** /pages/order/comment?id=: rate each line of an order. */
export default function OrderCommentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <Page title={t('common:titles.orderComment')}>
      {valid ? <CommentView id={id} /> : <Empty>{t('order:detail.missing')}</Empty>}
    </Page>
  );
}
