import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { PAYMENT_KEY, WalletView } from '../../features/payment';

/** /pages/wallet/index (pull-to-refresh): balance and transactions. */
export default function WalletIndexPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <Page
      title={t('common:titles.wallet')}
      onRefresh={() => qc.refetchQueries({ queryKey: PAYMENT_KEY, type: 'active' }, { throwOnError: true })}
    >
      <WalletView />
    </Page>
  );
}
