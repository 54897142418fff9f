import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Popup, Toast } from 'antd-mobile';
import { ORDER_NOTE_MAX, TOAST_DURATION_MS, isValidIccid, type PayWayCode } from '@simshop/contracts';
import { AddressSummary, addressEditPath, addressListQuery } from '../../address';
import { EsimDevicesLink } from '../../catalogue';
import { CouponCard, CouponSuggestion } from '../../coupon';
import { quoteQuery, useOrderActions, type QuoteInput } from '../api/order.api';
import { compactIccid, newIdempotencyKey } from '../model/idempotency';
import { orderDetailPath } from '../model/paths';
import { Amounts } from './order-lines';
import { OrderLines } from './order-lines';
import { formatMoney, LoadError, Loading, toastError } from '../../../shared';
import { InvoiceChoiceSection, type InvoiceChoiceHandle } from '../../invoice';
import './order.css';

export type SubmitSource = {
  buyNow?: { specId: number; quantity: number };
  /** The card a top-up is for (from a SIM card's top-up button): fills the card number. */
  iccid?: string | null;
  /** The buyer's own cards, offered as one-tap choices for the card number. */
  cardChoices?: { iccid: string; label: string }[];
};

const asId = (raw: string | null) => {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The pay way of the buyer's last order on this device (issue 27: a returning buyer's saved choice). */
const LAST_PAY_WAY = 'lastPayWay';
function readLastPayWay(): string | null {
  try {
    return localStorage.getItem(LAST_PAY_WAY);
  } catch {
    return null;
  }
}
function rememberPayWay(way: string) {
  try {
    localStorage.setItem(LAST_PAY_WAY, way);
  } catch {
    // private mode: nothing kept, the first way is offered next time
  }
}

/**
 * The pay ways offered as choices: points are taken with the "use points" switch (and on the pay sheet), so
 * they are a choice of their own only for goods that take nothing else.
 */
const choosableWays = (methods: PayWayCode[]) =>
  methods.some((w) => w !== 'points') ? methods.filter((w) => w !== 'points') : methods;

/**
 * The buyer's checkout choices kept in the page's address too (replacing the entry, other parameters kept):
 * adding an address on its own page and coming back restores them, where state alone went with the page and
 * a claimed coupon was silently dropped. State answers at once; the address only restores (read as the page
 * mounts).
 */
function useKeptChoices(choices: Record<string, string | null>) {
  const [params, setParams] = useSearchParams();
  const wanted = JSON.stringify(choices);
  useEffect(() => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(JSON.parse(wanted) as Record<string, string | null>)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [params, setParams, wanted]);
}

/**
 * Order submission, from the checked cart lines or one spec bought now: address when a line ships, card number
 * when a line needs one (ICCID with its Luhn check), coupon, points, pay method among the lines', note, and the
 * server's price breakdown. One idempotency key per visit, so a double tap or a retry makes one order.
 */
export function SubmitView({ buyNow, iccid, cardChoices = [] }: SubmitSource) {
  const { t, i18n } = useTranslation('order');
  const lang = i18n.language;
  const navigate = useNavigate();
  const actions = useOrderActions();
  const [kept] = useSearchParams();
  const [addressId, setAddressId] = useState(() => asId(kept.get('address')));
  const [userCouponId, setUserCouponId] = useState(() => asId(kept.get('coupon')));
  const [usePoints, setUsePoints] = useState(() => kept.get('points') === '1');
  // checked against the quote's pay methods below: one the goods do not take is replaced by their first
  // a returning buyer starts on the way they paid with last time (kept on this device)
  const [payWay, setPayWay] = useState(() => (kept.get('pay') ?? readLastPayWay()) as PayWayCode | null);
  const [cardNumber, setCardNumber] = useState(iccid ?? '');
  const [cardError, setCardError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [sheet, setSheet] = useState<'address' | 'coupon' | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const inFlight = useRef(false);
  const invoice = useRef<InvoiceChoiceHandle>(null);

  useKeptChoices({
    address: addressId === null ? null : String(addressId),
    coupon: userCouponId === null ? null : String(userCouponId),
    points: usePoints ? '1' : null,
    pay: payWay,
  });

  const input: QuoteInput = { buyNow, addressId, userCouponId, usePoints };
  const quote = useQuery({ ...quoteQuery(lang, input), placeholderData: keepPreviousData });
  const addresses = useQuery({ ...addressListQuery(lang), enabled: sheet === 'address' });
  const q = quote.data;

  useEffect(() => {
    const ways = q ? choosableWays(q.payMethods) : [];
    if (q && (payWay === null || !ways.includes(payWay))) setPayWay(ways[0] ?? null);
  }, [q, payWay]);

  if (quote.isPending) return <Loading />;
  if (quote.error && !q) return <LoadError error={quote.error} onRetry={() => void quote.refetch()} />;
  if (!q) return null;
  if (q.lines.length === 0) return <p className="ord-note">{t('submit.nothing')}</p>;

  const money = (n: number) => formatMoney(n, q.currency, lang);
  const chosenCoupon = q.coupons.find((c) => c.userCoupon.id === q.userCouponId);
  const addressMissing = q.needAddress && !q.address;

  const submit = async () => {
    if (inFlight.current) return; // a double tap while the first is on its way
    if (q.needFillCard) {
      const card = compactIccid(cardNumber);
      const error = !card ? t('submit.cardRequired') : isValidIccid(card) ? null : t('submit.cardInvalid');
      setCardError(error);
      if (error) return;
    }
    if (addressMissing) {
      Toast.show({ content: t('submit.addressNeeded'), duration: TOAST_DURATION_MS });
      return;
    }
    if (!payWay) return;
    // the e-invoice choice, checked before the order is made (the server checks it again)
    const invoiceChoice = invoice.current?.check();
    if (invoiceChoice === false) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      const order = await actions.create({
        ...input,
        addressId: q.needAddress ? (q.address?.id ?? null) : null,
        userCouponId: q.userCouponId,
        payWay,
        cardNumber: q.needFillCard ? compactIccid(cardNumber) : undefined,
        note: note.trim(),
        idempotencyKey: key,
        ...(invoiceChoice ? { invoice: invoiceChoice } : {}),
      });
      rememberPayWay(payWay);
      // one tap from submit to the channel: the order page opens its pay step at once
      void navigate(`${orderDetailPath(order.id)}&paynow=1`, { replace: true });
    } catch (e) {
      toastError(e, t('submit.failed'));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <div className="ord-submit">
      {q.needAddress ? (
        <section className="ord-card" aria-labelledby="ord-address">
          <div className="ord-card-head">
            <h2 id="ord-address">{t('submit.address')}</h2>
            {q.address ? (
              <button type="button" className="ord-link" onClick={() => setSheet('address')}>
                {t('submit.changeAddress')}
              </button>
            ) : null}
          </div>
          {q.address ? (
            <AddressSummary address={q.address} />
          ) : (
            <Link className="ord-add" to={addressEditPath()}>
              {t('submit.addAddress')}
            </Link>
          )}
        </section>
      ) : null}

      <section className="ord-card" aria-labelledby="ord-goods">
        <h2 id="ord-goods">{t('submit.goods')}</h2>
        <OrderLines lines={q.lines} currency={q.currency} />
        {/* an eSIM (virtual, no card number to fill): check the phone supports it before paying */}
        {q.lines.some((l) => l.goodsType === 1 && !l.needFillCard) ? <EsimDevicesLink /> : null}
      </section>

      {q.needFillCard ? (
        <section className="ord-card" aria-labelledby="ord-card">
          <label className="ord-field">
            <h2 id="ord-card">{t('submit.card')}</h2>
            <input
              value={cardNumber}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('submit.cardPlaceholder')}
              aria-invalid={Boolean(cardError)}
              aria-describedby={cardError ? 'ord-card-error' : undefined}
              onChange={(e) => {
                setCardNumber(e.target.value);
                setCardError(null);
              }}
            />
          </label>
          {cardChoices.length > 0 ? (
            <div className="ord-card-choices" role="group" aria-label={t('submit.cardChoices')}>
              {cardChoices.map((c) => (
                <button
                  key={c.iccid}
                  type="button"
                  className="ord-chip"
                  aria-pressed={compactIccid(cardNumber) === c.iccid}
                  onClick={() => {
                    setCardNumber(c.iccid);
                    setCardError(null);
                  }}
                >
                  {c.label}
                </button>
              ))}
            </div>
          ) : null}
          {cardError ? (
            <p id="ord-card-error" className="ord-error" role="alert">
              {cardError}
            </p>
          ) : null}
        </section>
      ) : null}

      <section className="ord-card ord-rows" aria-label={t('submit.coupon')}>
        <button
          type="button"
          className="ord-row"
          disabled={q.coupons.length === 0}
          onClick={() => setSheet('coupon')}
        >
          <span>{t('submit.coupon')}</span>
          <span className={chosenCoupon ? 'ord-discount' : 'ord-muted'}>
            {chosenCoupon
              ? t('submit.couponSaves', { amount: money(chosenCoupon.discount) })
              : q.coupons.length === 0
                ? t('submit.noCouponsAvailable')
                : t('submit.noCoupon')}
          </span>
        </button>
        <CouponSuggestion
          goodsAmount={q.goodsAmount}
          goodsIds={q.lines.map((l) => l.goodsId)}
          onReceived={setUserCouponId}
        />
        {q.supportPointDiscount ? (
          <label className="ord-row">
            <span>{t('submit.points')}</span>
            <input
              type="checkbox"
              role="switch"
              checked={usePoints}
              onChange={(e) => setUsePoints(e.target.checked)}
            />
          </label>
        ) : null}
        {usePoints && q.pointsUsed ? (
          <p className="ord-muted" data-testid="points-used">
            {t('paylocal:pointsUsed', { points: q.pointsUsed, amount: money(q.pointsDiscount) })}
          </p>
        ) : null}
      </section>

      <fieldset className="ord-card ord-payways">
        <legend>{t('submit.payWay')}</legend>
        {q.payMethods.length === 0 ? <p className="ord-error">{t('submit.noPayWay')}</p> : null}
        {choosableWays(q.payMethods).map((p) => (
          <label key={p} className="ord-row">
            <span>{t(`common:payWays.${p}`)}</span>
            <input type="radio" name="payWay" checked={payWay === p} onChange={() => setPayWay(p)} />
          </label>
        ))}
      </fieldset>

      <InvoiceChoiceSection ref={invoice} />

      <section className="ord-card">
        <label className="ord-field">
          <span>{t('submit.note')}</span>
          <textarea
            rows={2}
            value={note}
            maxLength={ORDER_NOTE_MAX}
            placeholder={t('submit.notePlaceholder')}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
      </section>

      <section className="ord-card" aria-labelledby="ord-breakdown">
        <h2 id="ord-breakdown">{t('submit.breakdown')}</h2>
        <Amounts
          currency={q.currency}
          rows={[
            { key: 'goods', label: t('submit.goodsAmount'), amount: q.goodsAmount },
            ...(q.needAddress
              ? [{ key: 'shipping', label: t('submit.shipping'), amount: q.shippingAmount }]
              : []),
            {
              key: 'coupon',
              label: t('submit.couponDiscount'),
              amount: q.couponDiscount,
              sign: '-' as const,
            },
            ...(usePoints
              ? [
                  {
                    key: 'points',
                    label: t('submit.pointsDiscount'),
                    amount: q.pointsDiscount,
                    sign: '-' as const,
                  },
                ]
              : []),
            { key: 'total', label: t('submit.total'), amount: q.totalAmount },
          ]}
        />
        {q.needAddress && q.freeShippingMin !== null && !q.shippingFree ? (
          <p className="ord-muted">{t('submit.freeShippingFrom', { amount: money(q.freeShippingMin) })}</p>
        ) : null}
      </section>

      <div className="ord-bar" role="group" aria-label={t('submit.bar')}>
        <p>
          {t('submit.total')} <strong>{money(q.totalAmount)}</strong>
        </p>
        <button
          type="button"
          className="ord-button"
          disabled={submitting || quote.isFetching || !payWay}
          onClick={() => void submit()}
        >
          {t('submit.submit')}
        </button>
      </div>

      <Popup visible={sheet === 'coupon'} onMaskClick={() => setSheet(null)} bodyClassName="ord-sheet">
        <h2>{t('submit.chooseCoupon')}</h2>
        <ul className="ord-sheet-list">
          <li>
            <button
              type="button"
              className="ord-row"
              aria-pressed={q.userCouponId === null}
              onClick={() => {
                setUserCouponId(null);
                setSheet(null);
              }}
            >
              {t('submit.noCoupon')}
            </button>
          </li>
          {q.coupons.map((c) => (
            <li key={c.userCoupon.id}>
              <CouponCard
                coupon={c.userCoupon.coupon}
                action={
                  <button
                    type="button"
                    className="ord-button ord-button-sm"
                    aria-pressed={q.userCouponId === c.userCoupon.id}
                    aria-label={`${c.userCoupon.coupon.title}: ${t('submit.couponSaves', { amount: money(c.discount) })}`}
                    onClick={() => {
                      setUserCouponId(c.userCoupon.id);
                      setSheet(null);
                    }}
                  >
                    {t('submit.couponSaves', { amount: money(c.discount) })}
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      </Popup>

      <Popup visible={sheet === 'address'} onMaskClick={() => setSheet(null)} bodyClassName="ord-sheet">
        <h2>{t('submit.chooseAddress')}</h2>
        <ul className="ord-sheet-list">
          {(addresses.data ?? []).map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="ord-address-choice"
                aria-pressed={q.address?.id === a.id}
                onClick={() => {
                  setAddressId(a.id);
                  setSheet(null);
                }}
              >
                <AddressSummary address={a} />
              </button>
            </li>
          ))}
        </ul>
        <Link className="ord-add" to={addressEditPath()}>
          {t('submit.addAddress')}
        </Link>
      </Popup>
    </div>
  );
}
