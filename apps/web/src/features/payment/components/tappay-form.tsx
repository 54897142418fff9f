import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tappayInfoQuery, type StartResult } from '../api/payment.api';
import { loadScript, tpDirect } from '../model/client';
import { LoadError, Loading, toastError } from '../../../shared';

/**
 * The TapPay card form: the SDK (from tappay_jinliu_info; in demo mode the simulator's stand-in) draws the
 * card fields, turns them into a single-use prime, and the caller pays by prime (an order or a top-up). The answer is a start result (a 3-D
 * Secure redirect, or settled at once).
 */
export function TapPayForm({
  payByPrime,
  onStarted,
  disabled = false,
}: {
  /** Pays with the card form's prime: an order (app/order/tappay/pay) or a wallet top-up. */
  payByPrime: (prime: string) => Promise<StartResult>;
  onStarted: (s: StartResult) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('payment');
  const info = useQuery(tappayInfoQuery());
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!info.data) return;
    let live = true;
    const d = info.data;
    void loadScript(d.sdkUrl)
      .then(() => {
        const tp = tpDirect();
        if (!live || !tp) return;
        tp.setupSDK(Number(d.appId), d.appKey, d.serverType);
        tp.card.setup({
          fields: {
            number: { element: '#tp-card-number', placeholder: '**** **** **** ****' },
            expirationDate: { element: '#tp-card-exp', placeholder: t('cardExpiryHint') },
            ccv: { element: '#tp-card-ccv', placeholder: t('cardCcvHint') },
          },
        });
        setReady(true);
      })
      .catch((e: unknown) => toastError(e, t('failed')));
    return () => {
      live = false;
    };
  }, [info.data, t]);

  if (info.isPending) return <Loading />;
  if (info.error) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;

  const pay = () => {
    const tp = tpDirect();
    if (!tp) return;
    setBusy(true);
    tp.card.getPrime((result) => {
      if (result.status !== 0 || !result.card) {
        setBusy(false);
        toastError(new Error(result.msg ?? ''), t('cardInvalid'));
        return;
      }
      void payByPrime(result.card.prime)
        .then(onStarted)
        .catch((e: unknown) => toastError(e, t('failed')))
        .finally(() => setBusy(false));
    });
  };

  return (
    <form
      className="pay-card"
      aria-label={t('cardForm')}
      onSubmit={(e) => {
        e.preventDefault();
        pay();
      }}
    >
      <label>
        {t('cardNumber')}
        <div id="tp-card-number" className="pay-card-field" />
      </label>
      <label>
        {t('cardExpiry')}
        <div id="tp-card-exp" className="pay-card-field" />
      </label>
      <label>
        {t('cardCcv')}
        <div id="tp-card-ccv" className="pay-card-field" />
      </label>
      <button type="submit" className="pay-button" disabled={!ready || busy || disabled}>
        {t('payByCard')}
      </button>
    </form>
  );
}
