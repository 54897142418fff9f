import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import type { GoodsSpec } from '@simshop/contracts';
import { Picture } from './picture';
import { Price } from './price';
import { formatMoney } from '../../../shared';

export type SpecPickerProps = {
  visible: boolean;
  title: string;
  picture: string | null;
  specs: GoodsSpec[];
  selectedId: number | null;
  onSelect: (spec: GoodsSpec) => void;
  onClose: () => void;
  onAddToCart: (spec: GoodsSpec) => void;
  onBuyNow: (spec: GoodsSpec) => void;
  /** An add-to-cart call is under way. */
  busy?: boolean;
};

/** Cheapest to dearest price of the specs that can be bought, as text. */
function priceRange(specs: GoodsSpec[], locale: string): string | null {
  const open = specs.filter((s) => !s.soldOut);
  const [first] = open;
  if (!first) return null;
  const prices = open.map((s) => s.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const cur = first.currency;
  return lo === hi
    ? formatMoney(lo, cur, locale)
    : `${formatMoney(lo, cur, locale)} – ${formatMoney(hi, cur, locale)}`;
}

/** The sheet content: the chosen spec's price and stock, every spec (sold-out ones disabled), and the two actions. */
export function SpecPickerPanel({
  title,
  picture,
  specs,
  selectedId,
  onSelect,
  onClose,
  onAddToCart,
  onBuyNow,
  busy = false,
}: Omit<SpecPickerProps, 'visible'>) {
  const { t, i18n } = useTranslation('catalogue');
  const selected = specs.find((s) => s.id === selectedId) ?? null;
  const range = priceRange(specs, i18n.language);
  const canBuy = selected !== null && !selected.soldOut;
  return (
    <div className="cat-sheet-inner" role="dialog" aria-modal="true" aria-labelledby="spec-sheet-title">
      <div className="cat-spec-head">
        <Picture className="cat-spec-pic" src={selected?.picture ?? picture} alt="" />
        <div className="cat-spec-summary" aria-live="polite">
          <h2 id="spec-sheet-title" className="sr-only">
            {t('spec.title', { title })}
          </h2>
          {selected ? (
            <Price
              amount={selected.price}
              currency={selected.currency}
              original={selected.originalPrice}
              size="lg"
            />
          ) : range ? (
            <span className="cat-price cat-price-lg">
              <span className="cat-price-now">{range}</span>
            </span>
          ) : null}
          <p className="cat-spec-stock">
            {selected
              ? selected.soldOut
                ? t('soldOut')
                : t('spec.stock', { count: selected.stock })
              : t('spec.choose')}
          </p>
          {selected ? <p className="cat-spec-chosen">{t('spec.chosen', { spec: selected.name })}</p> : null}
        </div>
        <button type="button" className="cat-icon-button" aria-label={t('close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="cat-sheet-body">
        <fieldset className="cat-filter-group">
          <legend>{t('spec.label')}</legend>
          <div className="cat-chips">
            {specs.map((s) => (
              <button
                key={s.id}
                type="button"
                className="cat-chip cat-spec-option"
                aria-pressed={s.id === selectedId}
                disabled={s.soldOut}
                onClick={() => onSelect(s)}
              >
                {s.name}
                <span className="cat-spec-price"> · {formatMoney(s.price, s.currency, i18n.language)}</span>
                {s.soldOut ? <span className="cat-spec-soldout"> · {t('soldOut')}</span> : null}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="cat-sheet-foot">
        <button
          type="button"
          className="cat-button cat-button-warm"
          disabled={!canBuy || busy}
          onClick={() => selected && onAddToCart(selected)}
        >
          {t('detail.addToCart')}
        </button>
        <button
          type="button"
          className="cat-button cat-button-primary"
          disabled={!canBuy || busy}
          onClick={() => selected && onBuyNow(selected)}
        >
          {t('detail.buyNow')}
        </button>
      </div>
    </div>
  );
}

/** Bottom sheet to choose a spec (see SpecPickerPanel). */
export function SpecPicker({ visible, ...panel }: SpecPickerProps) {
  return (
    <Popup
      visible={visible}
      onMaskClick={panel.onClose}
      onClose={panel.onClose}
      position="bottom"
      bodyClassName="cat-sheet"
    >
      <SpecPickerPanel {...panel} />
    </Popup>
  );
}
