import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Dialog } from 'antd-mobile';
import type { OrderDetail } from '@simshop/contracts';
import { AddressSummary } from '../../address';
import { orderDetailQuery, useOrderActions } from '../api/order.api';
import { commentPath, logisticsPath, refundPath } from '../model/paths';
import { statusKey } from '../model/status-label';
import { Amounts, OrderLines } from './order-lines';
import { OrderUpdatePanel } from './order-update-panel';
import { EsimDelivery } from './esim-delivery';
import { Empty, formatMoney, LoadError, Loading, toast, toastError } from '../../../shared';
import { PaySheet } from '../../payment';
import { useAddToCart } from '../../cart';
import { OrderInvoiceCard } from '../../invoice';

/** The cart tab, where "buy again" lands. */
const CART_PAGE = '/pages/index/shopping-cart';
import './order.css';

/** mm:ss (or h:mm:ss) left until `deadline`, ticking every second; null once it has passed. */
export function useCountdown(deadline: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return null;
  const left = Math.floor((Date.parse(deadline) - now) / 1000);
  if (left <= 0) return null;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

function Countdown({ order, onExpire }: { order: OrderDetail; onExpire: () => void }) {
  const { t } = useTranslation('order');
  const left = useCountdown(order.payDeadline);
  useEffect(() => {
    if (left === null) onExpire();
  }, [left, onExpire]);
  return (
    <p className="ord-countdown" role="timer" aria-live="off">
      {left ? t('detail.countdown', { time: left }) : t('detail.expired')}
    </p>
  );
}

/** One order: status (with the payment countdown while unpaid), timeline, lines, address, amounts, actions. */
export function OrderDetailView({ id, payNow = false }: { id: number; payNow?: boolean }) {
  const { t, i18n } = useTranslation('order');
  const lang = i18n.language;
  const detail = useQuery(orderDetailQuery(lang, id));
  const actions = useOrderActions();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  // straight from checkout (`payNow`, read once: the page drops it from the address so a reload does not start
  // paying again): the pay step is open and starts the chosen way
  const [fromCheckout] = useState(payNow);
  const [paying, setPaying] = useState(payNow);
  const addToCart = useAddToCart();
  const navigate = useNavigate();

  if (detail.isPending) return <Loading />;
  if (detail.error) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const o = detail.data;
  if (!o) return <Empty>{t('detail.missing')}</Empty>;
  const when = (iso: string) => new Date(iso).toLocaleString(lang);
  // the ways that paid in money; the points part shows as the points discount
  const paidWith = o.paidWays.filter((w) => w.channel !== 'points');

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast(done, 'success');
    } catch (e) {
      toastError(e, t('detail.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  const cancel = () =>
    Dialog.confirm({
      content: t('detail.confirmCancel'),
      confirmText: t('detail.cancelOrder'),
      cancelText: t('cancel'),
      onConfirm: () => run(() => actions.cancel(o.id), t('detail.cancelled')),
    });
  // A closed order (cancelled or not paid in time) is no dead end: its lines go back in the cart in one tap.
  const buyAgain = async () => {
    setBusy(true);
    try {
      for (const l of o.lines) await addToCart.mutateAsync({ specId: l.specId, quantity: l.quantity });
      void navigate(CART_PAGE);
    } catch (e) {
      toastError(e, t('detail.buyAgainFailed'));
    } finally {
      setBusy(false);
    }
  };
  const confirmReceipt = () =>
    Dialog.confirm({
      content: t('detail.confirmReceiptAsk'),
      confirmText: t('detail.confirmReceipt'),
      cancelText: t('cancel'),
      onConfirm: () => run(() => actions.confirm(o.id), t('detail.received')),
    });

  return (
    <div className="ord-detail">
      <section className={`ord-status ord-status-${o.status}`} aria-labelledby="ord-status">
        <h2 id="ord-status">{t(statusKey(o.status, o.delivery))}</h2>
        {o.status === 0 ? <Countdown order={o} onExpire={() => void detail.refetch()} /> : null}
        {o.status === 3 && o.autoCompleteAt ? (
          <p data-testid="ord-auto-complete">{t('detail.autoComplete', { date: when(o.autoCompleteAt) })}</p>
        ) : null}
        {o.status === 7 && o.closeReason ? <p>{t(`detail.closeReason.${o.closeReason}`)}</p> : null}
        {o.refund ? (
          <p>
            {t('detail.refundInfo')}: {t(`detail.refundState.${o.refund.state}`)}
          </p>
        ) : null}
      </section>

      {o.delivery ? <EsimDelivery order={o} /> : null}
      {o.paidAt ? <OrderInvoiceCard orderId={o.id} /> : null}

      {o.address ? (
        <section className="ord-card" aria-labelledby="ord-d-address">
          <h2 id="ord-d-address">{t('detail.address')}</h2>
          <AddressSummary address={o.address} />
        </section>
      ) : null}

      <section className="ord-card" aria-labelledby="ord-d-lines">
        <h2 id="ord-d-lines">{t('detail.lines')}</h2>
        <OrderLines lines={o.lines} currency={o.currency} />
      </section>

      <section className="ord-card" aria-labelledby="ord-d-amounts">
        <h2 id="ord-d-amounts">{t('detail.amounts')}</h2>
        <Amounts
          currency={o.currency}
          rows={[
            { key: 'goods', label: t('submit.goodsAmount'), amount: o.goodsAmount },
            { key: 'shipping', label: t('submit.shipping'), amount: o.shippingAmount },
            { key: 'coupon', label: t('submit.couponDiscount'), amount: o.couponDiscount, sign: '-' },
            { key: 'points', label: t('submit.pointsDiscount'), amount: o.pointsDiscount, sign: '-' },
            // what is paid in money, as checkout showed it (the points part is the discount above)
            { key: 'total', label: t('submit.total'), amount: o.payableAmount },
          ]}
        />
        <dl className="ord-facts">
          <div>
            <dt>{t('detail.orderNo')}</dt>
            <dd>{o.orderNo}</dd>
          </div>
          <div>
            <dt>{t('detail.createdAt')}</dt>
            <dd>{when(o.createdAt)}</dd>
          </div>
          {paidWith.length > 0 ? (
            // what actually paid (issue 25): the paid attempts; the points show as a discount above
            <div>
              <dt>{t('detail.paidWith')}</dt>
              <dd>
                <ul className="ord-paid-ways">
                  {paidWith.map((w, i) => (
                    <li key={i}>
                      {t(`common:payWays.${w.channel}`)} {formatMoney(w.amount, o.currency, lang)}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : (
            <div>
              <dt>{t('detail.payWay')}</dt>
              <dd>{t(`common:payWays.${o.payWay}`)}</dd>
            </div>
          )}
          {o.cardNumber ? (
            <div>
              <dt>{t('detail.cardNumber')}</dt>
              <dd>{o.cardNumber}</dd>
            </div>
          ) : null}
          {o.note ? (
            <div>
              <dt>{t('detail.note')}</dt>
              <dd>{o.note}</dd>
            </div>
          ) : null}
          {o.trackingNo ? (
            <div>
              <dt>{t('detail.trackingNo')}</dt>
              <dd>
                {o.carrier} {o.trackingNo}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      {editing && o.actions.update ? <OrderUpdatePanel order={o} onDone={() => setEditing(false)} /> : null}

      {o.log.length > 0 ? (
        <section className="ord-card" aria-labelledby="ord-d-log">
          <h2 id="ord-d-log">{t('detail.timeline')}</h2>
          <ol className="ord-timeline">
            {[...o.log].reverse().map((e, i) => (
              <li key={i}>
                <strong>{t(statusKey(e.toStatus, o.delivery))}</strong>
                <span className="ord-muted">
                  {when(e.at)} · {t(`detail.actor.${e.actor}`)}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <div className="ord-bar ord-actions" role="group" aria-label={t('detail.amounts')}>
        {o.actions.update && !editing ? (
          <button type="button" className="ord-button ord-button-ghost" onClick={() => setEditing(true)}>
            {t('update.open')}
          </button>
        ) : null}
        {o.actions.cancel ? (
          <button
            type="button"
            className="ord-button ord-button-ghost"
            disabled={busy}
            onClick={() => void cancel()}
          >
            {t('detail.cancelOrder')}
          </button>
        ) : null}
        {o.actions.logistics ? (
          <Link className="ord-button ord-button-ghost" to={logisticsPath(o.id)}>
            {t('detail.logistics')}
          </Link>
        ) : null}
        {o.actions.refund ? (
          <Link className="ord-button ord-button-ghost" to={refundPath(o.id)}>
            {t('detail.refund')}
          </Link>
        ) : null}
        {o.actions.comment ? (
          <Link className="ord-button ord-button-ghost" to={commentPath(o.id)}>
            {t('detail.comment')}
          </Link>
        ) : null}
        {o.actions.confirm ? (
          <button type="button" className="ord-button" disabled={busy} onClick={() => void confirmReceipt()}>
            {t('detail.confirmReceipt')}
          </button>
        ) : null}
        {o.status === 7 ? (
          <button type="button" className="ord-button" disabled={busy} onClick={() => void buyAgain()}>
            {t('detail.buyAgain')}
          </button>
        ) : null}
        {o.status === 0 ? (
          <button type="button" className="ord-button" onClick={() => setPaying(true)}>
            {t('detail.pay')}
          </button>
        ) : null}
      </div>
      {o.status === 0 ? (
        <PaySheet
          orderId={o.id}
          chosen={o.payWay}
          autoStart={fromCheckout}
          visible={paying}
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            toast(t('detail.paidNow'), 'success');
            // straight from checkout, the result page says what was paid and where the eSIM is
            if (fromCheckout) void navigate(`/pages/simpay/viewback?orderId=${o.id}`, { replace: true });
            else void detail.refetch();
          }}
        />
      ) : null}
    </div>
  );
}
