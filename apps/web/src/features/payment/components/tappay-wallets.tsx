import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tappayInfoQuery, type StartResult } from '../api/payment.api';
import { loadScript, tpDirect, walletPrime, walletsOf, type TapPayWalletCode } from '../model/client';
import { toMajorInput, toastError } from '../../../shared';
import './paylocal.css';

/**
 * Apple Pay, Google Pay, LINE Pay and JKO Pay through TapPay: one tap asks the wallet (through TapPay's SDK)
 * for a prime and pays by it. Apple and Google Pay settle at once; LINE Pay and JKO Pay answer a redirect to
 * their own page. Shown above the card form, with the wallets this browser's SDK offers.
 */
export function TapPayWallets({
  payByPrime,
  onStarted,
  amount,
  currency,
}: {
  payByPrime: (prime: string, wallet: TapPayWalletCode) => Promise<StartResult>;
  onStarted: (s: StartResult) => void;
  /** What is due, in minor units of `currency` (Apple Pay's and Google Pay's sheets show it). */
  amount: number;
  currency: string;
}) {
  const { t } = useTranslation('paylocal');
  const info = useQuery(tappayInfoQuery());
  const [wallets, setWallets] = useState<TapPayWalletCode[]>([]);
  const [busy, setBusy] = useState<TapPayWalletCode | null>(null);
  const label = t('common:appName');

  useEffect(() => {
    if (!info.data) return;
    let live = true;
    const d = info.data;
    // Google Pay through TapPay runs on Google's own pay.js, loaded first (none in demo)
    const google = d.googlePay?.scriptUrl ? loadScript(d.googlePay.scriptUrl) : Promise.resolve();
    void google
      .then(() => loadScript(d.sdkUrl))
      .then(async () => {
        const tp = tpDirect();
        if (!live || !tp) return;
        tp.setupSDK(Number(d.appId), d.appKey, d.serverType);
        const can = await walletsOf(tp, d, { amount: toMajorInput(amount, currency), currency, label });
        if (live) setWallets(can);
      })
      .catch(() => undefined); // the card form below reports a missing SDK
    return () => {
      live = false;
    };
  }, [info.data, amount, currency, label]);

  if (wallets.length === 0) return null;
  const pay = async (wallet: TapPayWalletCode) => {
    const tp = tpDirect();
    if (!tp) return;
    setBusy(wallet);
    try {
      onStarted(await payByPrime(await walletPrime(tp, wallet), wallet));
    } catch (e) {
      toastError(e, t('payment:failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="pay-wallets" aria-label={t('walletsTitle')}>
      {wallets.map((w) => (
        <button
          key={w}
          type="button"
          className={`pay-button pay-wallet pay-wallet-${w}`}
          disabled={busy !== null}
          onClick={() => void pay(w)}
        >
          {t('payWith', { wallet: t(`wallets.${w}`) })}
        </button>
      ))}
      <p className="pay-muted pay-wallets-or">{t('orCard')}</p>
    </section>
  );
}
