import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import type { InvoiceChoice, OrderInvoice } from '@simshop/contracts';
import { orderInvoiceQuery } from '../api/invoice.api';
import { formatMoney } from '../../../shared';
import './invoice.css';

/** An invoice number as printed: two letters, a hyphen, eight digits. */
const printed = (n: string | null) => (n ? `${n.slice(0, 2)}-${n.slice(2)}` : '—');
/** An invoice's amounts are whole TWD; written like every other price (shared/money). */
const twd = (n: number, locale: string) => formatMoney(n * 100, 'TWD', locale);

function carrierText(t: (k: string, o?: Record<string, string>) => string, c: InvoiceChoice) {
  switch (c.kind) {
    case 'mobile':
    case 'certificate':
      return `${t(`kinds.${c.kind}`)} ${c.code}`;
    case 'donation':
      return t('order.donated', { code: c.loveCode });
    case 'company':
      return `${c.title}（${c.ubn}）`;
    default:
      return t('kinds.member');
  }
}

/** The printable proof of a company's invoice (電子發票證明聯): printed with the browser's print. */
function CompanyProof({ inv }: { inv: OrderInvoice }) {
  const { t, i18n } = useTranslation('invoice');
  if (inv.choice.kind !== 'company') return null;
  return (
    <div className="inv-proof" aria-label={t('proof.title')}>
      <h2>{t('proof.title')}</h2>
      <p className="inv-proof-number">{printed(inv.number)}</p>
      <dl>
        <dt>{t('proof.date')}</dt>
        <dd>
          {inv.issuedAt
            ? new Date(inv.issuedAt).toLocaleDateString('zh-TW', { timeZone: 'Asia/Taipei' })
            : '—'}
        </dd>
        <dt>{t('order.randomCode')}</dt>
        <dd>{inv.randomCode ?? '—'}</dd>
        <dt>{t('proof.buyer')}</dt>
        <dd>{inv.choice.title}</dd>
        <dt>{t('proof.ubn')}</dt>
        <dd>{inv.choice.ubn}</dd>
        <dt>{t('proof.sales')}</dt>
        <dd>{twd(inv.salesAmount, i18n.language)}</dd>
        <dt>{t('proof.tax')}</dt>
        <dd>{twd(inv.taxAmount, i18n.language)}</dd>
        <dt>{t('proof.total')}</dt>
        <dd>{twd(inv.amount, i18n.language)}</dd>
      </dl>
    </div>
  );
}

/** The order page's e-invoice (issue 28): number, random code, carrier, amount; a company's printable proof. */
export function OrderInvoiceCard({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('invoice');
  const q = useQuery(orderInvoiceQuery(orderId));
  const [proof, setProof] = useState(false);
  const inv = q.data?.invoice;
  if (!inv) return null;
  return (
    <section className="ord-card inv-card" aria-labelledby="inv-title">
      <h2 id="inv-title">{t('order.title')}</h2>
      <dl className="inv-facts">
        <dt>{t('order.state')}</dt>
        <dd>{t(`states.${inv.state}`)}</dd>
        <dt>{t('order.number')}</dt>
        <dd data-testid="invoice-number">{printed(inv.number)}</dd>
        <dt>{t('order.randomCode')}</dt>
        <dd data-testid="invoice-random">{inv.randomCode ?? '—'}</dd>
        <dt>{t('order.carrier')}</dt>
        <dd>{carrierText(t, inv.choice)}</dd>
        <dt>{t('order.amount')}</dt>
        <dd>{twd(inv.amount, i18n.language)}</dd>
      </dl>
      {inv.allowances.length > 0 ? (
        // each refund's allowance (折讓): its number once issued, its amount and where it stands
        <section aria-labelledby="inv-allowances">
          <h3 id="inv-allowances" className="inv-hint">
            {t('order.allowances', {
              amount: twd(
                inv.allowances.reduce((s, a) => s + a.amount, 0),
                i18n.language,
              ),
            })}
          </h3>
          <ul className="inv-allowances">
            {inv.allowances.map((a, i) => (
              <li key={a.number ?? `pending-${i}`} data-testid="invoice-allowance">
                {t('order.allowance', { number: a.number ?? '—', amount: twd(a.amount, i18n.language) })} ·{' '}
                {t(`allowanceStates.${a.state}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {inv.category === 'B2B' && inv.state === 'issued' ? (
        <button type="button" className="ord-link" onClick={() => setProof(true)}>
          {t('proof.open')}
        </button>
      ) : null}
      <Popup visible={proof} onMaskClick={() => setProof(false)} bodyClassName="inv-proof-sheet">
        <CompanyProof inv={inv} />
        <div className="inv-proof-actions">
          <button type="button" className="ord-button" onClick={() => window.print()}>
            {t('proof.print')}
          </button>
          <button type="button" className="ord-link" onClick={() => setProof(false)}>
            {t('proof.close')}
          </button>
        </div>
      </Popup>
    </section>
  );
}
