import { useTranslation } from 'react-i18next';
import type { OrderLine } from '@simshop/contracts';
import { formatMoney } from '../../../shared';
import './order.css';

/** Lines of a quote or an order: picture, title, option, price and quantity. */
export function OrderLines({ lines, currency }: { lines: OrderLine[]; currency: string }) {
  const { i18n } = useTranslation('order');
  return (
    <ul className="ord-lines">
      {lines.map((l) => (
        <li key={`${l.id}-${l.specId}`} className="ord-line">
          <div className="ord-line-pic" aria-hidden="true">
            {l.picture ? <img src={l.picture} alt="" loading="lazy" /> : null}
          </div>
          <div className="ord-line-body">
            <p className="ord-line-title">{l.title}</p>
            <p className="ord-muted">{l.specName}</p>
          </div>
          <div className="ord-line-price">
            <span>{formatMoney(l.price, currency, i18n.language)}</span>
            <span className="ord-muted">×{l.quantity}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export type AmountRow = { key: string; label: string; amount: number; sign?: '-' };

/** Goods, shipping, coupon, points and total, each a labelled amount. */
export function Amounts({ rows, currency }: { rows: AmountRow[]; currency: string }) {
  const { i18n } = useTranslation('order');
  return (
    <dl className="ord-amounts">
      {rows.map((r) => (
        <div key={r.key} className={r.key === 'total' ? 'ord-amount-total' : undefined}>
          <dt>{r.label}</dt>
          <dd>
            {r.sign === '-' && r.amount > 0 ? '−' : ''}
            {formatMoney(r.amount, currency, i18n.language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
