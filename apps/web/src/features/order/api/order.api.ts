import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderDetail, OrderQuote, OrderTab, PayWayCode } from '@simshop/contracts';
import { request } from '../../../lib/request';
import { refreshCartBadge } from '../../../lib/session';

/** The order calls (issue 4), paths after `/api/`. */
export const ORDER_URLS = {
  quote: 'app/order/info/quote',
  create: 'app/order/info/create',
  page: 'app/order/info/page',
  info: 'app/order/info/info',
  userCount: 'app/order/info/userCount',
  cancel: 'app/order/info/cancel',
  confirm: 'app/order/info/confirm',
  refund: 'app/order/info/refund',
  update: 'app/order/info/update',
  logistics: 'app/order/info/logistics',
  comment: 'app/goods/comment/submit',
} as const;

export const ORDER_KEY = ['order'] as const;
export const ORDER_PAGE_SIZE = 10;

type Paged<T> = { list: T[]; pagination: { page: number; size: number; total: number } };

export type QuoteInput = {
  buyNow?: { specId: number; quantity: number };
  addressId?: number | null;
  userCouponId?: number | null;
  usePoints: boolean;
};

/** The server's price breakdown of what is being checked out (re-asked whenever a choice changes). */
export const quoteQuery = (lang: string, input: QuoteInput) =>
  queryOptions({
    queryKey: [...ORDER_KEY, 'quote', lang, input] as const,
    queryFn: ({ signal }) =>
      request<OrderQuote>({ url: ORDER_URLS.quote, method: 'POST', data: input, signal }),
  });

export const orderPageQuery = (lang: string, tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: [...ORDER_KEY, lang, 'page', tab] as const,
    queryFn: ({ pageParam, signal }) =>
      request<Paged<Order>>({
        url: ORDER_URLS.page,
        method: 'POST',
        data: { tab, page: pageParam, size: ORDER_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<Order>) =>
      last.pagination.page * last.pagination.size < last.pagination.total && last.list.length > 0
        ? last.pagination.page + 1
        : undefined,
  });

export const orderDetailQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: [...ORDER_KEY, lang, 'info', id] as const,
    queryFn: ({ signal }) => request<OrderDetail>({ url: ORDER_URLS.info, params: { id }, signal }),
  });

export type OrderCounts = {
  pendingPayment: number;
  notShipped: number;
  shipped: number;
  pendingReview: number;
  afterSales: number;
};
export const orderCountsQuery = () =>
  queryOptions({
    queryKey: [...ORDER_KEY, 'userCount'] as const,
    queryFn: ({ signal }) => request<OrderCounts>({ url: ORDER_URLS.userCount, signal }),
  });

export type Logistics = {
  orderNo: string;
  status: number;
  carrier: string | null;
  trackingNo: string | null;
  shippedAt: string | null;
  events: { at: string; description: string; location: string | null }[];
};
export const logisticsQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: [...ORDER_KEY, lang, 'logistics', id] as const,
    queryFn: ({ signal }) => request<Logistics>({ url: ORDER_URLS.logistics, params: { id }, signal }),
  });

export type CreateInput = QuoteInput & {
  payWay: PayWayCode;
  cardNumber?: string;
  note: string;
  idempotencyKey: string;
};

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
  const post = <T>(url: string, data: unknown) => after(request<T>({ url, method: 'POST', data }));
  return {
    create: (input: CreateInput) => post<OrderDetail>(ORDER_URLS.create, input),
    cancel: (id: number) => post<OrderDetail>(ORDER_URLS.cancel, { id }),
    update: (input: { id: number; note?: string; addressId?: number }) =>
      post<OrderDetail>(ORDER_URLS.update, input),
    confirm: (id: number) => after(request<OrderDetail>({ url: ORDER_URLS.confirm, params: { id } })),
    refund: (input: { id: number; reason: string; description: string; pictures: string[] }) =>
      post<OrderDetail>(ORDER_URLS.refund, input),
    comment: (input: {
      orderId: number;
      specId: number;
      rating: number;
      content: string;
      pictures: string[];
      anonymous: 0 | 1;
    }) => post<{ id: number; orderStatus: number; completed: boolean }>(ORDER_URLS.comment, input),
  };
}
