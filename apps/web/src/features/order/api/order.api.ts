import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { OrderTab } from '@simshop/contracts';
import { api, type ApiBody, type ApiData } from '../../../lib/api/client';
import { nextPageOf } from '../../../lib/api/paging';
import { refreshCartBadge } from '../../../lib/session';

export const ORDER_KEY = ['order'] as const;
export const ORDER_PAGE_SIZE = 10;

export type QuoteInput = ApiBody<'post', 'app/order/info/quote'>;
export type CreateInput = ApiBody<'post', 'app/order/info/create'>;
export type OrderCounts = ApiData<'get', 'app/order/info/userCount'>;
export type Logistics = ApiData<'get', 'app/order/info/logistics'>;

/** The server's price breakdown of what is being checked out (re-asked whenever a choice changes). */
export const quoteQuery = (lang: string, input: QuoteInput) =>
  queryOptions({
    queryKey: [...ORDER_KEY, 'quote', lang, input] as const,
    queryFn: ({ signal }) => api.post('app/order/info/quote', { body: input, signal }),
  });

export const orderPageQuery = (lang: string, tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: [...ORDER_KEY, lang, 'page', tab] as const,
    queryFn: ({ pageParam, signal }) =>
      api.post('app/order/info/page', { body: { tab, page: pageParam, size: ORDER_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const orderDetailQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: [...ORDER_KEY, lang, 'info', id] as const,
    queryFn: ({ signal }) => api.get('app/order/info/info', { query: { id }, signal }),
  });

export const orderCountsQuery = () =>
  queryOptions({
    queryKey: [...ORDER_KEY, 'userCount'] as const,
    queryFn: ({ signal }) => api.get('app/order/info/userCount', { signal }),
  });

export const logisticsQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: [...ORDER_KEY, lang, 'logistics', id] as const,
    queryFn: ({ signal }) => api.get('app/order/info/logistics', { query: { id }, signal }),
  });

/** Order writes; each refreshes orders, the cart (ordered lines leave it), coupons and the tab badge. */
export function useOrderActions() {
  const qc = useQueryClient();
  const after = async <T>(p: Promise<T>) => {
    try {
      return await p;
    } finally {
      await Promise.all([
        qc.invalidateQueries({ queryKey: ORDER_KEY }),
        qc.invalidateQueries({ queryKey: ['cart'] }),
        qc.invalidateQueries({ queryKey: ['coupon'] }),
      ]);
      void refreshCartBadge();
    }
  };
  return {
    create: (input: CreateInput) => after(api.post('app/order/info/create', { body: input })),
    cancel: (id: number) => after(api.post('app/order/info/cancel', { body: { id } })),
    update: (input: ApiBody<'post', 'app/order/info/update'>) =>
      after(api.post('app/order/info/update', { body: input })),
    confirm: (id: number) => after(api.get('app/order/info/confirm', { query: { id } })),
    refund: (input: ApiBody<'post', 'app/order/info/refund'>) =>
      after(api.post('app/order/info/refund', { body: input })),
    comment: (input: ApiBody<'post', 'app/goods/comment/submit'>) =>
      after(api.post('app/goods/comment/submit', { body: input })),
  };
}

/** How often the order page asks again while an eSIM or top-up is on its way. */
export const DELIVERY_POLL_MS = 3000;

/** The eSIM / top-up delivery of one of the buyer's paid orders; asked again every few seconds while under way. */
export const orderDeliveryQuery = (lang: string, orderId: number) =>
  queryOptions({
    queryKey: [...ORDER_KEY, lang, 'delivery', orderId] as const,
    queryFn: ({ signal }) => api.get('app/simcard/iccid/delivery', { query: { orderId }, signal }),
    refetchInterval: (q) => (q.state.data?.delivery === 'delivering' ? DELIVERY_POLL_MS : false),
  });
