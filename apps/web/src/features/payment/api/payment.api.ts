import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, type ApiData } from '../../../lib/api/client';
import { nextPageOf } from '../../../lib/api/paging';

export const PAYMENT_KEY = ['payment'] as const;
export const LEDGER_PAGE_SIZE = 20;

export type PayStatus = ApiData<'get', 'app/order/pay/status'>;
export type PayStart = ApiData<'post', 'app/order/pay/orderPay'>;
export type StartResult = PayStart['start'];
export type TransferInfo = ApiData<'get', 'app/order/transfer/bankInfo'>;
export type LedgerEntry = ApiData<'post', 'app/user/wallet/transaction/page'>['list'][number];

/** The payment state of an order: pay ways, amount due, attempts. `confirm` asks the provider first. */
export const payStatusQuery = (orderId: number, confirm = false) =>
  queryOptions({
    queryKey: [...PAYMENT_KEY, 'status', orderId, confirm] as const,
    queryFn: ({ signal }) =>
      api.get('app/order/pay/status', {
        query: { orderId, ...(confirm ? { confirm: '1' as const } : {}) },
        signal,
      }),
  });

/** Names of the pay ways in the UI language (the one source of pay way names: the server's payList). */
export const payListQuery = (lang: string) =>
  queryOptions({
    queryKey: [...PAYMENT_KEY, 'payList', lang] as const,
    queryFn: ({ signal }) => api.get('app/base/comm/payList', { signal }),
    staleTime: 5 * 60_000,
  });

export const walletQuery = () =>
  queryOptions({
    queryKey: [...PAYMENT_KEY, 'wallet'] as const,
    queryFn: ({ signal }) => api.get('app/user/wallet/get', { signal }),
  });

/** A ledger's entries, newest first: the wallet's (money) or the points'. */
export const ledgerPageQuery = (kind: 'wallet' | 'points') =>
  infiniteQueryOptions({
    queryKey: [...PAYMENT_KEY, kind, 'page'] as const,
    queryFn: ({ pageParam, signal }) => {
      const body = { page: pageParam, size: LEDGER_PAGE_SIZE };
      return kind === 'wallet'
        ? api.post('app/user/wallet/transaction/page', { body, signal })
        : api.post('app/user/points/myTransaction', { body, signal });
    },
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const pointsQuery = () =>
  queryOptions({
    queryKey: [...PAYMENT_KEY, 'points'] as const,
    queryFn: ({ signal }) => api.get('app/user/points/my', { signal }),
  });

export const pointSupportQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...PAYMENT_KEY, 'pointSupport', orderId] as const,
    queryFn: ({ signal }) => api.post('app/order/pay/checkPointSupport', { body: { orderId }, signal }),
  });

export const transferQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...PAYMENT_KEY, 'transfer', orderId] as const,
    queryFn: ({ signal }) => api.get('app/order/transfer/bankInfo', { query: { orderId }, signal }),
  });

export const topupStatusQuery = (topupId: number) =>
  queryOptions({
    queryKey: [...PAYMENT_KEY, 'topup', topupId] as const,
    queryFn: ({ signal }) => api.get('app/user/wallet/rechargeStatus', { query: { topupId }, signal }),
  });

export const tappayInfoQuery = () =>
  queryOptions({
    queryKey: [...PAYMENT_KEY, 'tappayInfo'] as const,
    queryFn: ({ signal }) => api.get('app/order/tappay/tappay_jinliu_info', { signal }),
    staleTime: 60 * 60_000,
  });
