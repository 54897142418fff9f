import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page';
import { PAYMENT_KEY, PointsView } from '../../../features/payment';

/** /pages/user/point/index (pull-to-refresh): my points and their history. */
export default function PointsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <Page
      title={t('common:titles.points')}
      onRefresh={() => qc.refetchQueries({ queryKey: PAYMENT_KEY, type: 'active' }, { throwOnError: true })}
    >
      <PointsView />
    </Page>
  );
}
