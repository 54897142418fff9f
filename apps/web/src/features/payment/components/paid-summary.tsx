import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PayStatus } from '@simshop/contracts';
import { payListQuery } from '../api/payment.api';
import { formatMoney, toast } from '../../../shared';
import './paylocal.css';

/** A code the buyer types elsewhere (ATM account, store code), with a button that copies it. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('paylocal');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(t('copied'), 'success');
    } catch {
      toast(t('payment:failed'), 'fail');
    }
  };
  return (
    <button
      type="button"
      className="pay-copy"
      aria-label={t('copyOf', { what: label })}
      onClick={() => void copy()}
    >
      {t('copy')}
    </button>
  );
}

/**
 * What a result page says once the order is paid: the amount and the way that paid it (a TapPay wallet by
 * its own name), and the next step: for an eSIM or top-up order a shortcut to the card (`esimLink`), for a
 * shipped one its delivery on the order. A failed payment says nothing was charged.
 */
export function PaidSummary({
  status,
  esimLink,
  failed,
}: {
  status: PayStatus;
  esimLink: string | null;
  failed: boolean;
}) {
  const { t, i18n } = useTranslation('paylocal');
  const names = useQuery(payListQuery(i18n.language));
  if (failed) return <p className="pay-next">{t('nextFailed')}</p>;
  if (!status.paid) return null;
  const paidBy = status.attempts.filter((a) => a.status === 'paid' && a.channel !== 'points');
  const wayOf = (channel: string, method: string | null) =>
    method && ['apple_pay', 'google_pay', 'line_pay', 'jko_pay'].includes(method)
      ? t(`wallets.${method}`)
      : (names.data?.find((w) => w.code === channel)?.name ?? t(`common:payWays.${channel}`));
  return (
    <>
      {paidBy.map((a) => (
        <p key={a.attemptNo} className="pay-result-paid" data-testid="paid-with">
          {t('paidWith', {
            amount: formatMoney(a.amount, a.currency, i18n.language),
            way: wayOf(a.channel, a.method),
          })}
        </p>
      ))}
      <p className="pay-next">{esimLink ? t('nextEsim') : t('nextPhysical')}</p>
      {esimLink ? (
        <Link className="pay-button" to={esimLink}>
          {t('openEsim')}
        </Link>
      ) : null}
    </>
  );
}
