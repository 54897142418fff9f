import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GoodsOrder } from '@simshop/contracts';
import { destinationsQuery, goodsPageQuery, goodsTypesQuery } from '../api/catalogue.api';
import { useRefresh } from '../api/refresh';
import {
  GOODS_ORDERS,
  activeFilterCount,
  chooseSort,
  defaultDirection,
  filtersFromSearch,
  filtersToSearch,
  toPageRequest,
  type GoodsListFilters,
} from '../model/goods-filters';
import { flattenTypes } from '../model/type-tree';
import { useLang } from '../model/use-lang';
import { GoodsCards } from './goods-card';
import { InfiniteLoader } from './infinite-loader';
import { DEFAULT_CURRENCY, Empty, formatMoney, LoadError, Loading } from '../../../shared';
import { afterLoad } from '../../../lib/idle';
import './catalogue.css';

// The filter sheet (antd's Popup and its gestures, ~35 KB) is not part of the list's first screen (issue 12):
// its chunk is fetched once the page has loaded, so it is there by the time the sheet is first opened.
const loadFilterSheet = () => import('./filter-sheet');
const FilterSheet = lazy(loadFilterSheet);

/** The list's filters, kept in its address, and a setter that replaces the address. */
export function useGoodsListFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const setFilters = (f: GoodsListFilters) => setParams(filtersToSearch(f), { replace: true });
  return [filters, setFilters] as const;
}

/** Pull-to-refresh of the goods list: its first page again, for the filters in the address. */
export function useGoodsListRefresh() {
  const [filters] = useGoodsListFilters();
  return useRefresh([
    { queryKey: goodsPageQuery(useLang(), toPageRequest(filters)).queryKey, infinite: true },
  ]);
}

function SortArrow({ dir }: { dir: 'asc' | 'desc' | null }) {
  return (
    <svg width="8" height="12" viewBox="0 0 8 12" aria-hidden="true" focusable="false">
      <path d="M4 0 8 5H0z" fill={dir === 'asc' ? 'currentColor' : '#bfbfbf'} />
      <path d="M4 12 0 7h8z" fill={dir === 'desc' ? 'currentColor' : '#bfbfbf'} />
    </svg>
  );
}

/** Chips for what is filtered now; each one removes its filter. */
function ActiveFilters({
  filters,
  currency,
  onChange,
}: {
  filters: GoodsListFilters;
  currency: string;
  onChange: (f: GoodsListFilters) => void;
}) {
  const { t, i18n } = useTranslation('catalogue');
  const lang = useLang();
  const types = useQuery({ ...goodsTypesQuery(lang), enabled: filters.typeId !== undefined });
  const destinations = useQuery({ ...destinationsQuery(lang), enabled: Boolean(filters.destination) });
  const chips: { key: string; label: string; clear: Partial<GoodsListFilters> }[] = [];
  if (filters.keyWord) chips.push({ key: 'k', label: `“${filters.keyWord}”`, clear: { keyWord: undefined } });
  if (filters.typeId !== undefined) {
    const name = flattenTypes(types.data ?? []).find((x) => x.node.id === filters.typeId)?.node.name;
    chips.push({ key: 't', label: name ?? t('filters.type'), clear: { typeId: undefined } });
  }
  if (filters.destination) {
    const name = destinations.data?.find((d) => d.code === filters.destination)?.name;
    chips.push({ key: 'd', label: name ?? filters.destination, clear: { destination: undefined } });
  }
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
    const fmt = (v?: number) => (v === undefined ? '' : formatMoney(v, currency, i18n.language));
    chips.push({
      key: 'p',
      label: `${fmt(filters.minPrice)} – ${fmt(filters.maxPrice)}`,
      clear: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul className="cat-active-filters" aria-label={t('filters.active')}>
      {chips.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            className="cat-chip cat-chip-removable"
            aria-label={t('filters.remove', { filter: c.label })}
            onClick={() => onChange({ ...filters, ...c.clear })}
          >
            {c.label} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The goods list: sorts (default, price both ways, sales, newest), filters (type, destination, price range)
 * in a sheet, and pages loaded as the visitor nears the bottom.
 */
export function GoodsListView() {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const [filters, setFilters] = useGoodsListFilters();
  const [sheet, setSheet] = useState(false);
  // mounted from its first opening on (then kept, for its closing animation)
  const [sheetUsed, setSheetUsed] = useState(false);
  useEffect(() => afterLoad(() => void loadFilterSheet().catch(() => undefined)), []);
  useEffect(() => {
    if (sheet) setSheetUsed(true);
  }, [sheet]);
  const list = useInfiniteQuery(goodsPageQuery(lang, toPageRequest(filters)));
  const goods = list.data?.pages.flatMap((p) => p.list) ?? [];
  const currency = goods[0]?.currency ?? DEFAULT_CURRENCY;
  const count = activeFilterCount(filters);

  const sortLabel = (o: GoodsOrder) => t(`sort.${o}`);
  return (
    <div className="cat-list">
      <div className="cat-sortbar" role="toolbar" aria-label={t('sort.label')}>
        {GOODS_ORDERS.map((o) => {
          const on = filters.order === o;
          const dir = on && o !== 'default' ? (filters.sort ?? defaultDirection(o)) : null;
          return (
            <button
              key={o}
              type="button"
              className="cat-sort"
              aria-pressed={on}
              aria-label={o === 'price' && dir ? `${sortLabel(o)}, ${t(`sort.${dir}`)}` : undefined}
              onClick={() => setFilters(chooseSort(filters, o))}
            >
              {sortLabel(o)}
              {o === 'price' ? <SortArrow dir={dir} /> : null}
            </button>
          );
        })}
        <button
          type="button"
          className="cat-sort cat-sort-filter"
          aria-haspopup="dialog"
          aria-pressed={count > 0}
          onClick={() => setSheet(true)}
        >
          {t('filters.button')}
          {count > 0 ? <span className="cat-count">{count}</span> : null}
          {count > 0 ? <span className="sr-only">{t('filters.activeCount', { count })}</span> : null}
        </button>
      </div>
      <ActiveFilters filters={filters} currency={currency} onChange={setFilters} />

      {list.isPending ? (
        <Loading />
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : goods.length === 0 ? (
        <Empty>{t('list.empty')}</Empty>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {t('list.total', { count: list.data.pages[0]?.pagination.total ?? goods.length })}
          </p>
          <GoodsCards goods={goods} />
          <InfiniteLoader
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            error={list.isFetchNextPageError ? list.error : undefined}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </>
      )}

      {sheet || sheetUsed ? (
        <Suspense fallback={null}>
          <FilterSheet
            visible={sheet}
            filters={filters}
            currency={currency}
            onClose={() => setSheet(false)}
            onApply={(f) => {
              setSheet(false);
              setFilters({ ...filters, ...f });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
