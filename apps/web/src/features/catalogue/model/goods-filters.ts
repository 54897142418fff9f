import type { GoodsOrder } from '@simshop/contracts';

export const GOODS_ORDERS: readonly GoodsOrder[] = ['default', 'price', 'sales', 'newest'];
export type SortDirection = 'asc' | 'desc';

/** What the goods list shows, as kept in its URL (`/pages/goods/list?typeId=3&destination=JP&order=price&sort=desc`). */
export type GoodsListFilters = {
  typeId?: number;
  destination?: string;
  /** Minor units of the shop currency. */
  minPrice?: number;
  maxPrice?: number;
  keyWord?: string;
  order: GoodsOrder;
  sort?: SortDirection;
};

/** The body of `POST app/goods/info/page` without page and size. */
export type GoodsQueryParams = Omit<GoodsListFilters, 'order'> & { order: GoodsOrder };

const positiveInt = (v: string | null) => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const amount = (v: string | null) => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
};

/** Reads the list's filters from its query string; anything malformed is left out rather than sent. */
export function filtersFromSearch(params: URLSearchParams): GoodsListFilters {
  const order = params.get('order');
  const sort = params.get('sort');
  const destination = params.get('destination')?.trim().toUpperCase();
  const keyWord = params.get('keyWord')?.trim();
  return {
    typeId: positiveInt(params.get('typeId')),
    destination: destination && /^[A-Z]{2,8}$/.test(destination) ? destination : undefined,
    minPrice: amount(params.get('minPrice')),
    maxPrice: amount(params.get('maxPrice')),
    keyWord: keyWord || undefined,
    order: (GOODS_ORDERS as readonly string[]).includes(order ?? '') ? (order as GoodsOrder) : 'default',
    sort: sort === 'asc' || sort === 'desc' ? sort : undefined,
  };
}

/** Writes filters back to a query string, leaving defaults out so links stay short. */
export function filtersToSearch(f: GoodsListFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.typeId !== undefined) p.set('typeId', String(f.typeId));
  if (f.destination) p.set('destination', f.destination);
  if (f.minPrice !== undefined) p.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== undefined) p.set('maxPrice', String(f.maxPrice));
  if (f.keyWord) p.set('keyWord', f.keyWord);
  if (f.order !== 'default') p.set('order', f.order);
  if (f.sort && f.order !== 'default') p.set('sort', f.sort);
  return p;
}

/**
 * The request for these filters: only what is set; a price range typed the wrong way round is swapped;
 * the direction only with a sort that has one (price asc by default, sales and newest desc).
 */
export function toPageRequest(f: GoodsListFilters): GoodsQueryParams {
  let { minPrice, maxPrice } = f;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const req: GoodsQueryParams = { order: f.order };
  if (f.typeId !== undefined) req.typeId = f.typeId;
  if (f.destination) req.destination = f.destination;
  if (minPrice !== undefined) req.minPrice = minPrice;
  if (maxPrice !== undefined) req.maxPrice = maxPrice;
  if (f.keyWord) req.keyWord = f.keyWord;
  if (f.order !== 'default') req.sort = f.sort ?? defaultDirection(f.order);
  return req;
}

/** The direction a sort starts in: cheapest first, otherwise most (sales, newest) first. */
export const defaultDirection = (order: GoodsOrder): SortDirection => (order === 'price' ? 'asc' : 'desc');

/** Tapping a sort: a new sort starts in its default direction; tapping price again flips it. */
export function chooseSort(f: GoodsListFilters, order: GoodsOrder): GoodsListFilters {
  if (order === 'default') return { ...f, order, sort: undefined };
  if (f.order === order && order === 'price') {
    const now = f.sort ?? defaultDirection(order);
    return { ...f, order, sort: now === 'asc' ? 'desc' : 'asc' };
  }
  return { ...f, order, sort: defaultDirection(order) };
}

/** How many of the filter-sheet filters (type, destination, price) are set. */
export function activeFilterCount(f: GoodsListFilters): number {
  return (
    (f.typeId !== undefined ? 1 : 0) +
    (f.destination ? 1 : 0) +
    (f.minPrice !== undefined || f.maxPrice !== undefined ? 1 : 0)
  );
}
