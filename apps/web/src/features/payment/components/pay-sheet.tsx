import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Popup, Switch } from 'antd-mobile';
import { api } from '../../../lib/api/client';
import {
  PAYMENT_KEY,
  payListQuery,
  payStatusQuery,
  pointSupportQuery,
  walletQuery,
  type StartResult,
} from '../api/payment.api';
import { clientKind, type ClientKind } from '../model/client';
import { StartResultPanel } from './start-result';
import { TapPayForm } from './tappay-form';
import { TapPayWallets } from './tappay-wallets';
import './paylocal.css';
import { formatMoney, LoadError, Loading, toastError } from '../../../shared';
import './payment.css';

const MPG_METHODS = ['CREDIT', 'VACC', 'CVS'] as const;
type MpgMethod = (typeof MPG_METHODS)[number];
type Way = 'wechat' | 'alipay' | 'tappay' | 'newebpay' | 'wallet' | 'points' | 'transfer';

/**
 * The pay sheet of an unpaid order: the pay ways the server says this order accepts now (named by the
 * server's payList), the points switch when the goods allow points, the wallet with its balance, and for a
 * channel whatever the started payment needs (QR, redirect, form, card form). It opens on the way the buyer
 * chose at checkout (`chosen`; points switch the points on), when the order still accepts it. While a payment
 * is open the order's status is polled; `onPaid` runs once it is paid.
 */
export function PaySheet({
  orderId,
  visible,
  onClose,
  onPaid,
  chosen,
  autoStart = false,
  client = clientKind(),
}: {
  orderId: number;
  chosen?: Way;
  /** Straight from checkout: the chosen way starts at once, with no second "Pay now" (wallet, WeChat,
   *  Alipay; card and NewebPay open on their own form). */
  autoStart?: boolean;
  visible: boolean;
  onClose: () => void;
  onPaid: () => void;
  client?: ClientKind;
}) {
  const { t, i18n } = useTranslation('payment');
  const lang = i18n.language;
  const qc = useQueryClient();
  const navigate = useNavigate();
  // the buyer's own picks; until they pick, the checkout's choice stands where the order still takes it
  const [pickedWay, setWay] = useState<Way | null>();
  const [pickedPoints, setUsePoints] = useState<boolean>();
  const [mpgMethod, setMpgMethod] = useState<MpgMethod>('CREDIT');
  const [started, setStarted] = useState<StartResult | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = started !== null && started.kind !== 'done';
  const status = useQuery({
    ...payStatusQuery(orderId),
    enabled: visible,
    refetchInterval: waiting ? 2000 : false,
  });
  const names = useQuery({ ...payListQuery(lang), enabled: visible });
  const wallet = useQuery({ ...walletQuery(), enabled: visible });
  const points = useQuery({ ...pointSupportQuery(orderId), enabled: visible });

  /** A wallet that cannot cover what is due is shown, with its balance, but not offered. */
  const walletShort = (due: number) => !wallet.data || wallet.data.balance < due;
  const way =
    pickedWay !== undefined
      ? pickedWay
      : chosen &&
          chosen !== 'points' &&
          status.data?.payWays.includes(chosen) &&
          !(chosen === 'wallet' && walletShort(status.data.amountDue))
        ? chosen
        : null;
  const usePoints =
    pickedPoints ?? (chosen === 'points' && !!points.data?.supported && (points.data?.usablePoints ?? 0) > 0);

  const paid = status.data?.paid === true;
  useEffect(() => {
    // the order is paid (by this sheet, a notification or another device): the caller closes the sheet
    if (paid && visible) onPaid();
  }, [paid, visible, onPaid]);

  const refresh = () => qc.invalidateQueries({ queryKey: PAYMENT_KEY });
  const nameOf = (code: string) => names.data?.find((w) => w.code === code)?.name ?? code;

  const pay = async () => {
    if (!way || !status.data) return;
    setBusy(true);
    try {
      if (usePoints && points.data?.supported && points.data.usablePoints > 0) {
        const used = await api.post('app/order/pay/usePoint', { body: { orderId } });
        if (used.paid) {
          await refresh();
          onPaid();
          return;
        }
      }
      switch (way) {
        case 'wallet': {
          await api.post('app/order/pay/walletPay', { body: { orderId } });
          await refresh();
          onPaid();
          return;
        }
        case 'wechat':
        case 'alipay': {
          const res = await api.post('app/order/pay/orderPay', { body: { orderId, payWay: way, client } });
          setStarted(res.start);
          return;
        }
        case 'newebpay': {
          const res = await api.get('app/order/newebpay/getOrderMpgInfo', {
            query: { orderId, method: mpgMethod },
          });
          setStarted({ kind: 'form', action: res.action, fields: res.fields });
          return;
        }
        case 'transfer':
          void navigate(`/pages/order/corporate-transfer?orderId=${orderId}`);
          return;
        default:
          return;
      }
    } catch (e) {
      toastError(e, t('failed'));
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  // one tap from checkout to the channel: the checkout's choice starts once, when everything it needs is known
  const autoStarted = useRef(false);
  const ready = !!status.data && !points.isPending && !wallet.isPending;
  useEffect(() => {
    if (!autoStart || !visible || autoStarted.current || !ready || !status.data || status.data.paid) return;
    if (way !== 'wallet' && way !== 'wechat' && way !== 'alipay') return;
    if (way === 'wallet' && walletShort(status.data.amountDue)) return;
    autoStarted.current = true;
    void pay();
  });

  const body = () => {
    if (status.isPending) return <Loading />;
    if (status.error) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
    const s = status.data;
    if (started) {
      return (
        <StartResultPanel
          start={started}
          onSettled={(r) => {
            if (r === 'paid') void status.refetch();
            else setStarted(null);
          }}
        />
      );
    }
    if (way === 'tappay')
      return (
        <>
          <TapPayWallets
            amount={s.amountDue}
            currency={s.currency}
            payByPrime={(prime, method) =>
              api.post('app/order/tappay/pay', { body: { orderId, prime, method } }).then((r) => r.start)
            }
            onStarted={setStarted}
          />
          <TapPayForm
            payByPrime={(prime) =>
              api.post('app/order/tappay/pay', { body: { orderId, prime } }).then((r) => r.start)
            }
            onStarted={setStarted}
          />
        </>
      );
    const ways = s.payWays.filter((w) => w !== 'points') as Way[];
    const pointsApplied = s.attempts
      .filter((a) => a.channel === 'points' && a.status === 'paid')
      .reduce((n, a) => n + a.amount, 0);
    return (
      <>
        {pointsApplied > 0 ? (
          // points already on the order (switched on at checkout, issue 25): the amount due is after them
          <p className="pay-muted">
            {t('pointsApplied', { amount: formatMoney(pointsApplied, s.currency, lang) })}
          </p>
        ) : null}
        <p className="pay-due">
          {t('due')}: <strong>{formatMoney(s.amountDue, s.currency, lang)}</strong>
        </p>
        {points.data?.supported && points.data.usablePoints > 0 ? (
          <label className="pay-points">
            <span>
              {t('usePoints', {
                points: points.data.usablePoints,
                amount: formatMoney(points.data.discount, s.currency, lang),
              })}
            </span>
            <Switch checked={usePoints} onChange={setUsePoints} aria-label={t('usePointsSwitch')} />
          </label>
        ) : null}
        {ways.length === 0 ? <p role="alert">{t('noPayWay')}</p> : null}
        <ul className="pay-ways" role="radiogroup" aria-label={t('chooseWay')}>
          {ways.map((w) => (
            <li key={w}>
              <label className={way === w ? 'pay-way pay-way-on' : 'pay-way'}>
                <input
                  type="radio"
                  name="pay-way"
                  value={w}
                  checked={way === w}
                  disabled={w === 'wallet' && walletShort(s.amountDue)}
                  onChange={() => setWay(w)}
                />
                <span>{nameOf(w)}</span>
                {w === 'wallet' && wallet.data ? (
                  <span className="pay-muted">
                    {t('balance')}: {formatMoney(wallet.data.balance, wallet.data.currency, lang)}
                    {walletShort(s.amountDue) ? ` · ${t('paylocal:walletShort')}` : ''}
                  </span>
                ) : null}
              </label>
              {w === 'newebpay' && way === 'newebpay' ? (
                // NewebPay's MPG is sent with one method: card now, or an ATM account / store code paid later
                <ul className="pay-ways pay-sub-ways" role="radiogroup" aria-label={t('mpgMethods')}>
                  {MPG_METHODS.map((m) => (
                    <li key={m}>
                      <label className={mpgMethod === m ? 'pay-way pay-way-on' : 'pay-way'}>
                        <input
                          type="radio"
                          name="mpg-method"
                          value={m}
                          checked={mpgMethod === m}
                          onChange={() => setMpgMethod(m)}
                        />
                        <span>{t(`mpgMethod.${m}`)}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="pay-button pay-go"
          disabled={!way || busy || (way === 'wallet' && walletShort(s.amountDue))}
          onClick={() => void pay()}
        >
          {t('payNow')}
        </button>
      </>
    );
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="pay-sheet" destroyOnClose>
      <div role="dialog" aria-label={t('title')}>
        <header className="pay-sheet-head">
          <h2>{t('title')}</h2>
          <button type="button" onClick={onClose} aria-label={t('close')}>
            ×
          </button>
        </header>
        {body()}
        {started || way === 'tappay' ? (
          <button
            type="button"
            className="pay-button pay-button-ghost"
            onClick={() => {
              setStarted(null);
              setWay(null);
            }}
          >
            {t('otherWay')}
          </button>
        ) : null}
      </div>
    </Popup>
  );
}
