import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { destinationsQuery, goodsTypesQuery } from '../api/catalogue.api';
import type { GoodsListFilters } from '../model/goods-filters';
import { flattenTypes } from '../model/type-tree';
import { useLang } from '../model/use-lang';
import { toMajorInput, toMinor } from '../../../shared';
import { SheetHead } from './sheet-head';

type Draft = { typeId?: number; destination?: string; min: string; max: string };

function ChipGroup<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string; sub?: boolean }[];
  value: T | undefined;
  onChange: (v: T | undefined) => void;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  return (
    <fieldset className="cat-filter-group" aria-labelledby={id}>
      <legend id={id}>{label}</legend>
      <div className="cat-chips">
        <button
          type="button"
          className="cat-chip"
          aria-pressed={value === undefined}
          onClick={() => onChange(undefined)}
        >
          {t('filters.any')}
        </button>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className={`cat-chip${o.sub ? ' cat-chip-sub' : ''}`}
            aria-pressed={value === o.value}
            onClick={() => onChange(value === o.value ? undefined : o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

type FilterSheetProps = {
  visible: boolean;
  filters: GoodsListFilters;
  currency: string;
  onApply: (f: Pick<GoodsListFilters, 'typeId' | 'destination' | 'minPrice' | 'maxPrice'>) => void;
  onClose: () => void;
};

/**
 * Bottom sheet with the list's filters: goods type, destination and price range (typed in major units). Its own
 * chunk (with antd's Popup), loaded by the list once the page has loaded: never on the list's first screen.
 */
export default function FilterSheet(props: FilterSheetProps) {
  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      position="bottom"
      bodyClassName="cat-sheet"
      destroyOnClose
    >
      {/* Mounted on each opening, so the form starts from what the list shows now. */}
      {props.visible ? <FilterForm {...props} /> : null}
    </Popup>
  );
}

function FilterForm({ filters, currency, onApply, onClose }: FilterSheetProps) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const types = useQuery(goodsTypesQuery(lang));
  const destinations = useQuery(destinationsQuery(lang));
  const [draft, setDraft] = useState<Draft>(() => ({
    typeId: filters.typeId,
    destination: filters.destination,
    min: toMajorInput(filters.minPrice, currency),
    max: toMajorInput(filters.maxPrice, currency),
  }));
  const minId = useId();
  const maxId = useId();

  const destinationOptions = (destinations.data ?? []).map((d) => ({ value: d.code, label: d.name }));
  if (draft.destination && !destinationOptions.some((o) => o.value === draft.destination))
    destinationOptions.unshift({ value: draft.destination, label: draft.destination });
  const minBad = draft.min.trim() !== '' && toMinor(draft.min, currency) === undefined;
  const maxBad = draft.max.trim() !== '' && toMinor(draft.max, currency) === undefined;

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="filter-sheet-title" className="cat-sheet-inner">
      <SheetHead titleId="filter-sheet-title" title={t('filters.title')} onClose={onClose} />
      <div className="cat-sheet-body">
        <ChipGroup
          label={t('filters.type')}
          options={flattenTypes(types.data ?? []).map(({ node, depth }) => ({
            value: node.id,
            label: node.name,
            sub: depth > 0,
          }))}
          value={draft.typeId}
          onChange={(typeId) => setDraft((d) => ({ ...d, typeId }))}
        />
        <ChipGroup
          label={t('filters.destination')}
          options={destinationOptions}
          value={draft.destination}
          onChange={(destination) => setDraft((d) => ({ ...d, destination }))}
        />
        <fieldset className="cat-filter-group">
          <legend>{t('filters.price', { currency })}</legend>
          <div className="cat-price-range">
            <label htmlFor={minId} className="sr-only">
              {t('filters.minPrice')}
            </label>
            <input
              id={minId}
              inputMode="decimal"
              placeholder={t('filters.minPrice')}
              value={draft.min}
              aria-invalid={minBad || undefined}
              onChange={(e) => setDraft((d) => ({ ...d, min: e.target.value }))}
            />
            <span aria-hidden="true">–</span>
            <label htmlFor={maxId} className="sr-only">
              {t('filters.maxPrice')}
            </label>
            <input
              id={maxId}
              inputMode="decimal"
              placeholder={t('filters.maxPrice')}
              value={draft.max}
              aria-invalid={maxBad || undefined}
              onChange={(e) => setDraft((d) => ({ ...d, max: e.target.value }))}
            />
          </div>
          {minBad || maxBad ? (
            <p className="cat-field-error" role="alert">
              {t('filters.priceInvalid')}
            </p>
          ) : null}
        </fieldset>
      </div>
      <div className="cat-sheet-foot">
        <button
          type="button"
          className="cat-button cat-button-ghost"
          onClick={() => setDraft({ typeId: undefined, destination: undefined, min: '', max: '' })}
        >
          {t('filters.reset')}
        </button>
        <button
          type="button"
          className="cat-button cat-button-primary"
          disabled={minBad || maxBad}
          onClick={() =>
            onApply({
              typeId: draft.typeId,
              destination: draft.destination,
              minPrice: toMinor(draft.min, currency),
              maxPrice: toMinor(draft.max, currency),
            })
          }
        >
          {t('filters.apply')}
        </button>
      </div>
    </div>
  );
}
