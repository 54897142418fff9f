import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pointsQuery, walletQuery } from '../api/payment.api';
import { LedgerList } from './ledger';
import { formatMoney, LoadError, Loading } from '../../../shared';
import './payment.css';

/** /pages/wallet/index: the balance, a top-up link and the transactions. */
export function WalletView() {
  const { t, i18n } = useTranslation('payment');
  const wallet = useQuery(walletQuery());
  if (wallet.isPending) return <Loading />;
  if (wallet.error) return <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />;
  return (
    <div className="pay-page">
      <section className="pay-section" aria-labelledby="pay-wallet-balance">
        <h2 id="pay-wallet-balance">{t('balance')}</h2>
        <p className="pay-balance" data-testid="wallet-balance">
          {formatMoney(wallet.data.balance, wallet.data.currency, i18n.language)}
        </p>
        <Link className="pay-button" to="/pages/wallet/recharge">
          {t('recharge')}
        </Link>
      </section>
      <section className="pay-section" aria-labelledby="pay-wallet-tx">
        <h2 id="pay-wallet-tx">{t('transactions')}</h2>
        <LedgerList kind="wallet" currency={wallet.data.currency} />
      </section>
    </div>
  );
}

/** /pages/user/point/index: points with the checkout rate, and their history. */
export function PointsView() {
  const { t } = useTranslation('payment');
  const points = useQuery(pointsQuery());
  if (points.isPending) return <Loading />;
  if (points.error) return <LoadError error={points.error} onRetry={() => void points.refetch()} />;
  const p = points.data;
  return (
    <div className="pay-page">
      <section className="pay-section" aria-labelledby="pay-points-balance">
        <h2 id="pay-points-balance">{t('myPoints')}</h2>
        <p className="pay-balance" data-testid="points-balance">
          {p.points}
        </p>
        <p className="pay-muted">{t('pointsRule', { points: p.pointsPerUnit, percent: p.maxPercent })}</p>
      </section>
      <section className="pay-section" aria-labelledby="pay-points-tx">
        <h2 id="pay-points-tx">{t('transactions')}</h2>
        <LedgerList kind="points" currency="TWD" />
      </section>
    </div>
  );
}
