import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeliveryState, Order } from '@simshop/contracts';
import { SIMCARD_LIST_PATH, simCardDetailPath } from '../../simcard';
import { ORDER_KEY, orderDeliveryQuery } from '../api/order.api';

/** Whether an order's partner lines are top-ups (the card number was given) rather than new eSIMs. */
const isTopUp = (o: Pick<Order, 'lines'>) => o.lines.length > 0 && o.lines.every((l) => l.needFillCard === 1);
const last4 = (iccid: string) => `···${iccid.slice(-4)}`;
/** Cards linked one by one; a bigger order (a company's batch of 60) links them all through My SIM cards. */
export const DELIVERY_CARD_LINKS = 6;

/** The short line the order list's card shows for an order with an eSIM or a top-up. */
export function DeliveryTag({ order }: { order: Pick<Order, 'lines' | 'delivery'> }) {
  const { t } = useTranslation('order');
  if (!order.delivery) return null;
  const kind = isTopUp(order) ? 'topUp' : 'esim';
  return (
    <span className={`ord-delivery-tag ord-delivery-tag-${order.delivery}`}>
      {t(`delivery.tag.${kind}.${order.delivery}`)}
    </span>
  );
}

/**
 * The order page's eSIM (or top-up) delivery panel: on its way ("usually within a minute", asked again every
 * few seconds), taking longer (retried by itself), delayed (operators are on it), or delivered with a link to
 * each card. The wording stays calm: the buyer's money is safe in every state.
 */
export function EsimDelivery({ order }: { order: Pick<Order, 'id' | 'lines' | 'delivery'> }) {
  const { t, i18n } = useTranslation('order');
  const qc = useQueryClient();
  const q = useQuery({ ...orderDeliveryQuery(i18n.language, order.id), enabled: order.delivery !== null });
  const state: DeliveryState | null = q.data?.delivery ?? order.delivery;
  // once the delivery settles, the order itself moved on (status, actions): read it again
  useEffect(() => {
    if (q.data && q.data.delivery !== order.delivery)
      void qc.invalidateQueries({ queryKey: [...ORDER_KEY, i18n.language, 'info', order.id] });
  }, [q.data, order.delivery, order.id, qc, i18n.language]);
  if (!state) return null;
  const topUp = isTopUp(order);
  const phase = state === 'delivering' && q.data?.retrying ? 'retrying' : state;
  const iccids = [...new Set((q.data?.lines ?? []).flatMap((l) => l.iccids))];
  return (
    <section
      className={`ord-card ord-delivery ord-delivery-${phase}`}
      aria-labelledby="ord-d-delivery"
      data-delivery={phase}
    >
      <div role="status" aria-live="polite">
        <h2 id="ord-d-delivery">
          {phase === 'delivering' ? <span className="ord-delivery-spinner" aria-hidden="true" /> : null}
          {t(`delivery.${topUp ? 'topUp' : 'esim'}.${phase}`)}
        </h2>
        <p>{t(`delivery.body.${phase}`)}</p>
      </div>
      {state === 'delivered' && iccids.length > 0 ? (
        <ul className="ord-delivery-cards">
          {iccids.slice(0, DELIVERY_CARD_LINKS).map((iccid) => (
            <li key={iccid}>
              <Link className="ord-button ord-button-ghost" to={simCardDetailPath(iccid)}>
                {t('delivery.openCard', { last: last4(iccid) })}
              </Link>
            </li>
          ))}
          {iccids.length > DELIVERY_CARD_LINKS ? (
            <li>
              <Link className="ord-button ord-button-ghost" to={SIMCARD_LIST_PATH}>
                {t('delivery.moreCards', { count: iccids.length })}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
