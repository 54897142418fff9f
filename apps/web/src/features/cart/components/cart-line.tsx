import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SwipeAction } from 'antd-mobile';
import { CART_QUANTITY_MAX, type CartLine } from '@simshop/contracts';
import { useLongPress } from '../model/long-press';
import { formatMoney } from '../../../shared';

export type CartLineProps = {
  line: CartLine;
  /** The server's note on this line's last change (quantity capped at the stock). */
  notice?: string | null;
  busy?: boolean;
  onCheck: (checked: boolean) => void;
  onQuantity: (quantity: number) => void;
  /** Swipe action: removes at once (the swipe and the tap are the confirmation). */
  onRemove: () => void;
  /** Long press: asks first. */
  onLongPress: () => void;
};

/** One cart line: check box, picture, title and option, price, quantity stepper; swipe or long press to delete. */
export function CartLineItem({
  line,
  notice,
  busy,
  onCheck,
  onQuantity,
  onRemove,
  onLongPress,
}: CartLineProps) {
  const { t, i18n } = useTranslation('cart');
  const [draft, setDraft] = useState(String(line.quantity));
  useEffect(() => setDraft(String(line.quantity)), [line.quantity]);
  const press = useLongPress(onLongPress);
  const title = line.goodsInfo.title;
  const stock = line.specInfo.stock;
  const picture = line.specInfo.picture ?? line.goodsInfo.mainPic;
  const canChange = line.available && !busy;

  const commit = (value: number) => {
    // above the stock the server caps and says so; above the shop's bound it would refuse the request
    const n = Number.isFinite(value)
      ? Math.min(CART_QUANTITY_MAX, Math.max(1, Math.trunc(value)))
      : line.quantity;
    setDraft(String(n));
    if (n !== line.quantity) onQuantity(n);
  };

  return (
    <SwipeAction rightActions={[{ key: 'delete', text: t('delete'), color: 'danger', onClick: onRemove }]}>
      <div className={`cart-line${line.available ? '' : ' cart-line-off'}`} {...press}>
        <input
          type="checkbox"
          className="cart-check"
          checked={line.checked}
          disabled={busy}
          onChange={(e) => onCheck(e.target.checked)}
          aria-label={t('checkLine', { title })}
        />
        <div className="cart-line-pic" aria-hidden="true">
          {picture ? <img src={picture} alt="" loading="lazy" /> : <span />}
        </div>
        <div className="cart-line-body">
          <p className="cart-line-title">
            <Link to={`/pages/goods/detail?id=${line.goodsId}&specId=${line.specId}`}>{title}</Link>
          </p>
          <p className="cart-line-spec">{line.specInfo.name}</p>
          {line.available ? null : (
            <p className="cart-line-off-reason">{t(`unavailable.${line.unavailableReason ?? 'removed'}`)}</p>
          )}
          <div className="cart-line-row">
            <span className="cart-price">
              {formatMoney(line.specInfo.price, line.specInfo.currency, i18n.language)}
            </span>
            <div className="cart-stepper" role="group" aria-label={t('quantityOf', { title })}>
              <button
                type="button"
                aria-label={t('decrease')}
                disabled={!canChange || line.quantity <= 1}
                onClick={() => commit(line.quantity - 1)}
              >
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={CART_QUANTITY_MAX}
                aria-label={t('quantity')}
                value={draft}
                disabled={!canChange}
                onChange={(e) => setDraft(e.target.value)}
                onBlur={() => commit(Number(draft))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
                }}
              />
              <button
                type="button"
                aria-label={t('increase')}
                disabled={!canChange || line.quantity >= stock}
                onClick={() => commit(line.quantity + 1)}
              >
                +
              </button>
            </div>
          </div>
          {notice ? (
            <p className="cart-line-notice" role="status">
              {notice}
            </p>
          ) : line.available && line.quantity >= stock ? (
            <p className="cart-line-hint">{t('stockLimit', { stock })}</p>
          ) : null}
        </div>
      </div>
    </SwipeAction>
  );
}
