import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared';

/** The pay ways a company order offers: bank transfer, card, the company wallet. */
export const PAY_WAYS = ['transfer', 'tappay', 'wallet'] as const;
export type PayWay = (typeof PAY_WAYS)[number];

/** A package (spec) of a plan, with its price; 0 while none is chosen. */
export function SpecSelect({
  label,
  specs,
  value,
  onChange,
}: {
  label: string;
  specs: { currency: string; specs: { id: number; name: string; price: number }[] } | undefined;
  value: number;
  onChange: (specId: number) => void;
}) {
  const { t, i18n } = useTranslation('company');
  return (
    <label>
      {label}
      <select value={value} disabled={!specs} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={0}>{t('bulk.choose')}</option>
        {specs?.specs.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} · {formatMoney(s.price, specs.currency, i18n.language)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How the company pays the order. */
export function PayWaySelect({ value, onChange }: { value: PayWay; onChange: (w: PayWay) => void }) {
  const { t } = useTranslation('company');
  return (
    <label>
      {t('bulk.payWay')}
      <select value={value} onChange={(e) => onChange(PAY_WAYS.find((w) => w === e.target.value) ?? value)}>
        {PAY_WAYS.map((w) => (
          <option key={w} value={w}>
            {t(`bulk.payWays.${w}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
