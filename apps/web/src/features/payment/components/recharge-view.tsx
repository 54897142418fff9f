import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api/client';
import { payListQuery, topupStatusQuery, walletQuery, type StartResult } from '../api/payment.api';
import { clientKind } from '../model/client';
import { StartResultPanel } from './start-result';
import { TapPayForm } from './tappay-form';
import { DEFAULT_CURRENCY, formatMoney, toMinor, toastError } from '../../../shared';
import './payment.css';

const CHANNELS = ['wechat', 'alipay', 'tappay', 'newebpay'] as const;
/** One-tap amounts, in the currency's major units. */
const PRESETS = [100, 300, 500, 1000, 2000] as const;
type Channel = (typeof CHANNELS)[number];

/** /pages/wallet/recharge: a top-up order paid through a channel; the wallet is credited on its verified notification. */
export function RechargeView() {
  const { t, i18n } = useTranslation('payment');
  const lang = i18n.language;
  const names = useQuery(payListQuery(lang));
  const wallet = useQuery(walletQuery());
  const currency = wallet.data?.currency ?? DEFAULT_CURRENCY;
  const [amount, setAmount] = useState('');
  const [way, setWay] = useState<Channel | null>(null);
  const [started, setStarted] = useState<{ topupId: number; start: StartResult } | null>(null);
  // back from the provider's page (?topupId=): the return proves nothing, so wait for the credit
  const [params] = useSearchParams();
  const returned = Number(params.get('topupId'));
  const backFrom = started ? null : Number.isSafeInteger(returned) && returned > 0 ? returned : null;
  const watching = started?.topupId ?? backFrom;
  const status = useQuery({
    ...topupStatusQuery(watching ?? 0),
    enabled: watching !== null,
    refetchInterval: (q) => (q.state.data?.status === 'paid' ? false : 2000),
  });
  const ways = (names.data ?? []).filter(
    (w) => w.enabled && (CHANNELS as readonly string[]).includes(w.code),
  );
  const minor = toMinor(amount, currency);

  const amountOk = minor !== undefined && minor > 0;
  /** Opens the top-up with the chosen channel (TapPay: with the card form's prime). */
  const open = async (channel: Channel, prime?: string) => {
    const res = await api.post('app/user/wallet/recharge', {
      body: { amount: minor ?? 0, payWay: channel, client: clientKind(), ...(prime ? { prime } : {}) },
    });
    return res;
  };
  const go = async () => {
    if (!way || way === 'tappay' || !amountOk) return;
    try {
      const res = await open(way);
      setStarted({ topupId: res.topupId, start: res.start });
    } catch (e) {
      toastError(e, t('failed'));
    }
  };
  /** TapPay: the card form pays by prime; the top-up it opened is what this page then watches. */
  const payByPrime = async (prime: string) => {
    const res = await open('tappay', prime);
    setStarted({ topupId: res.topupId, start: res.start });
    return res.start;
  };

  if (status.data?.status === 'paid')
    return (
      <div className="pay-page">
        <p role="status">{t('rechargeDone', { amount: formatMoney(status.data.amount, currency, lang) })}</p>
      </div>
    );
  if (backFrom !== null && !started)
    return (
      <div className="pay-page">
        <section className="pay-section" aria-live="polite">
          <h2>{t('checking')}</h2>
        </section>
      </div>
    );
  if (started)
    return <StartResultPanel start={started.start} onSettled={(r) => r !== 'paid' && setStarted(null)} />;
  return (
    <div className="pay-page">
      <section className="pay-section">
        {wallet.data ? (
          <p className="pay-muted pay-balance" data-testid="recharge-balance">
            {t('balance')}: {formatMoney(wallet.data.balance, wallet.data.currency, lang)}
          </p>
        ) : null}
        <label>
          {t('rechargeAmount', { currency })}
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={amount !== '' && (minor === undefined || minor <= 0)}
          />
        </label>
        <div className="pay-presets" role="group" aria-label={t('rechargePresets')}>
          {PRESETS.map((major) => {
            const preset = toMinor(String(major), currency) ?? 0;
            return (
              <button
                key={major}
                type="button"
                className="pay-preset"
                aria-pressed={minor === preset}
                onClick={() => setAmount(String(major))}
              >
                {formatMoney(preset, currency, lang)}
              </button>
            );
          })}
        </div>
        <ul className="pay-ways" role="radiogroup" aria-label={t('chooseWay')}>
          {ways.map((w) => (
            <li key={w.code}>
              <label className={way === w.code ? 'pay-way pay-way-on' : 'pay-way'}>
                <input
                  type="radio"
                  name="recharge-way"
                  checked={way === w.code}
                  onChange={() => setWay(w.code as Channel)}
                />
                <span>{w.name}</span>
              </label>
            </li>
          ))}
        </ul>
        {ways.length === 0 && names.data ? <p role="alert">{t('noPayWay')}</p> : null}
        {way === 'tappay' ? (
          <TapPayForm payByPrime={payByPrime} onStarted={() => undefined} disabled={!amountOk} />
        ) : (
          <button
            type="button"
            className="pay-button pay-go"
            disabled={!way || !amountOk}
            onClick={() => void go()}
          >
            {t('recharge')}
          </button>
        )}
      </section>
    </div>
  );
}
