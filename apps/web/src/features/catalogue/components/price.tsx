import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared';

export type PriceProps = {
  amount: number | null;
  currency: string;
  original?: number | null;
  /** "from NT$99": the cheapest of several specs. */
  from?: boolean;
  size?: 'sm' | 'md' | 'lg';
};

/** A price in minor units, formatted in the UI language, with the original price struck through when higher. */
export function Price({ amount, currency, original, from = false, size = 'md' }: PriceProps) {
  const { t, i18n } = useTranslation('catalogue');
  if (amount === null) return <span className="cat-price cat-price-none">{t('price.none')}</span>;
  const text = formatMoney(amount, currency, i18n.language);
  const showOriginal = original !== null && original !== undefined && original > amount;
  return (
    <span className={`cat-price cat-price-${size}`}>
      <span className="cat-price-now">{from ? t('price.from', { price: text }) : text}</span>
      {showOriginal ? (
        <s className="cat-price-original">
          <span className="sr-only">{t('price.original')} </span>
          {formatMoney(original, currency, i18n.language)}
        </s>
      ) : null}
    </span>
  );
}
