import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/page';
import { SIMCARD_KEY, SimCardListView } from '../../../features/simcard';

/** /pages/user/simcard/list (pull-to-refresh): the buyer's SIM cards, and binding a physical one. */
export default function UserSimcardListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <Page
      title={t('common:titles.simcardList')}
      onRefresh={() => qc.refetchQueries({ queryKey: SIMCARD_KEY, type: 'active' }, { throwOnError: true })}
    >
      <SimCardListView />
    </Page>
  );
}
