import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Dialog } from 'antd-mobile';
import type { CartLine } from '@simshop/contracts';
import { refreshCartBadge } from '../../../lib/session';
import { cartGroupsQuery, cartSummaryQuery, useCartActions } from '../api/cart.api';
import { CartLineItem } from './cart-line';
import { Empty, formatMoney, Loading } from '../../../shared';
import './cart.css';

export const ORDER_SUBMIT_PATH = '/pages/order/submit';

/**
 * The shopping cart: lines grouped by sale type, check one or all, quantities capped at the stock (with the
 * server's notice), delete by swipe, long press or in batches, clear with confirmation, the checked total, and
 * checkout, disabled with the reason when the checked lines cannot share one order.
 */
export function CartView() {
  const { t, i18n } = useTranslation('cart');
  const lang = i18n.language;
  const navigate = useNavigate();
  const groups = useQuery(cartGroupsQuery(lang));
  const summary = useQuery(cartSummaryQuery(lang));
  const actions = useCartActions();
  const [managing, setManaging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notices, setNotices] = useState<Record<number, string | null>>({});

  useEffect(() => {
    void refreshCartBadge();
  }, []);
  useEffect(() => {
    // Spec section 4: a cart that fails to load shows empty.
    if (groups.error) console.error('cart', groups.error);
  }, [groups.error]);

  const lines: CartLine[] = groups.data?.groups.flatMap((g) => g.lines) ?? [];
  const checked = lines.filter((l) => l.checked);
  const allChecked = lines.length > 0 && checked.length === lines.length;

  // The cart's actions toast their own failures, so the handlers below fire these and forget them.
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const setQuantity = (line: CartLine, quantity: number) =>
    act(async () => {
      const res = await actions.setQuantity(line.id, quantity);
      setNotices((n) => ({ ...n, [line.id]: res?.capped ? res.notice : null }));
    });
  const removeNow = (ids: number[]) => act(() => actions.remove(ids));
  const confirmRemove = (ids: number[]) =>
    Dialog.confirm({
      content: t('confirmDelete', { count: ids.length }),
      confirmText: t('delete'),
      cancelText: t('cancel'),
      onConfirm: () => removeNow(ids),
    });
  const confirmClear = () =>
    Dialog.confirm({
      content: t('confirmClear'),
      confirmText: t('clear'),
      cancelText: t('cancel'),
      onConfirm: () =>
        act(async () => {
          if (!(await actions.clear())) return;
          setNotices({});
          setManaging(false);
        }),
    });

  if (groups.isPending) return <Loading />;
  if (lines.length === 0)
    return (
      <div className="cart-empty">
        <Empty>{t('empty')}</Empty>
        <Link className="cart-go-shopping" to="/pages/index/category">
          {t('goShopping')}
        </Link>
      </div>
    );

  const s = summary.data;
  const reason = s && !s.canCheckout ? s.reason : null;
  return (
    <div className="cart">
      <div className="cart-toolbar">
        <span>{t('lineCount', { count: lines.length })}</span>
        <button type="button" className="cart-link" onClick={() => setManaging((m) => !m)}>
          {managing ? t('done') : t('manage')}
        </button>
      </div>
      {groups.data?.groups.map((g) => (
        <section key={g.saleType.id} className="cart-group" aria-labelledby={`cart-group-${g.saleType.id}`}>
          <h2 id={`cart-group-${g.saleType.id}`} className="cart-group-title">
            {g.saleType.name}
            {g.saleType.goodsType.canMixOrder === 1 ? null : (
              <span className="cart-group-note">{t('separateOrder')}</span>
            )}
          </h2>
          <ul className="cart-lines">
            {g.lines.map((line) => (
              <li key={line.id}>
                <CartLineItem
                  line={line}
                  busy={busy}
                  notice={notices[line.id]}
                  onCheck={(c) => void act(() => actions.check([line.id], c))}
                  onQuantity={(q) => void setQuantity(line, q)}
                  onRemove={() => void removeNow([line.id])}
                  onLongPress={() => void confirmRemove([line.id])}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="cart-footer" role="group" aria-label={t('footer')}>
        {reason ? (
          <p id="cart-reason" className="cart-reason" role="status">
            {reason}
          </p>
        ) : null}
        <div className="cart-footer-row">
          <label className="cart-all">
            <input
              type="checkbox"
              className="cart-check"
              checked={allChecked}
              disabled={busy}
              onChange={() => void act(() => actions.check(undefined, !allChecked))}
            />
            {t('checkAll')}
          </label>
          {managing ? (
            <div className="cart-footer-actions">
              <button
                type="button"
                className="cart-button cart-button-ghost"
                disabled={busy || checked.length === 0}
                onClick={() => void confirmRemove(checked.map((l) => l.id))}
              >
                {t('deleteChecked', { count: checked.length })}
              </button>
              <button
                type="button"
                className="cart-button cart-button-danger"
                disabled={busy}
                onClick={() => void confirmClear()}
              >
                {t('clear')}
              </button>
            </div>
          ) : (
            <div className="cart-footer-actions">
              <p className="cart-total">
                {t('total')} <strong>{s ? formatMoney(s.checkedAmount, s.currency, lang) : '—'}</strong>
              </p>
              <button
                type="button"
                className="cart-button"
                disabled={busy || !s?.canCheckout}
                aria-describedby={reason ? 'cart-reason' : undefined}
                onClick={() => void navigate(ORDER_SUBMIT_PATH)}
              >
                {t('checkout', { count: s?.checkedQuantity ?? 0 })}
              </button>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
