import type { Banner } from '@simshop/contracts';
import { filtersToSearch, type GoodsListFilters } from './goods-filters';

export const GOODS_SEARCH_PATH = '/pages/goods/search';
export const GOODS_LIST_PATH = '/pages/goods/list';
export const GOODS_DETAIL_PATH = '/pages/goods/detail';
export const GOODS_COMMENT_PATH = '/pages/goods/comment';
export const CART_PATH = '/pages/index/shopping-cart';
export const ORDER_SUBMIT_PATH = '/pages/order/submit';

export const goodsDetailPath = (id: number, specId?: number | null) =>
  `${GOODS_DETAIL_PATH}?id=${id}${specId ? `&specId=${specId}` : ''}`;

export const goodsCommentPath = (goodsId: number) => `${GOODS_COMMENT_PATH}?goodsId=${goodsId}`;

export function goodsListPath(filters: Partial<GoodsListFilters> = {}): string {
  const q = filtersToSearch({ order: 'default', ...filters }).toString();
  return q ? `${GOODS_LIST_PATH}?${q}` : GOODS_LIST_PATH;
}

/** Buy now: straight to order submission with one unit of the spec (and the card a top-up is for). */
export const buyNowPath = (specId: number, quantity: number, iccid?: string | null) =>
  `${ORDER_SUBMIT_PATH}?specId=${specId}&quantity=${quantity}${iccid ? `&iccid=${encodeURIComponent(iccid)}` : ''}`;

/** A top-up goods (needFillCard) for one SIM card: its detail page carries the ICCID on into the order. */
export const topUpPath = (goodsId: number, iccid: string) =>
  `${GOODS_DETAIL_PATH}?id=${goodsId}&iccid=${encodeURIComponent(iccid)}`;

export type BannerTarget =
  { kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'none' };

/** Where a banner leads: a goods, a goods type's list, an app page, or an outside https page. */
export function bannerTarget(b: Pick<Banner, 'linkType' | 'linkValue'>): BannerTarget {
  const v = b.linkValue?.trim();
  if (!v) return { kind: 'none' };
  switch (b.linkType) {
    case 'goods':
      return /^\d+$/.test(v) ? { kind: 'route', to: goodsDetailPath(Number(v)) } : { kind: 'none' };
    case 'type':
      return /^\d+$/.test(v) ? { kind: 'route', to: goodsListPath({ typeId: Number(v) }) } : { kind: 'none' };
    case 'page':
      return v.startsWith('/') && !v.startsWith('//') ? { kind: 'route', to: v } : { kind: 'none' };
    case 'url':
      return /^https:\/\//.test(v) ? { kind: 'external', href: v } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** "Does my phone support eSIM?" (issue 12), linked from the goods page and checkout. */
export const ESIM_DEVICES_PATH = '/pages/goods/esim-devices';
