import { useCustom } from '@refinedev/core';

/** `admin/dashboard/summary`: money in minor units of `currency`. */
export type DashboardSummary = {
  currency: string;
  today: { orders: number; revenue: number };
  days: { day: string; orders: number; revenue: number }[];
  paymentsByChannel: { channel: string; count: number; amount: number }[];
  stockAlerts: { goodsId: number; specId: number; goodsName: string; specName: string; stock: number }[];
  deliveryFailures: number;
  openChats: number;
  pendingRefunds: number;
  pendingTransfers: number;
  pendingRealName: number;
};

/** The shop's one currency (from the dashboard summary every role may read); TWD until it is known. */
export function useCurrency(): string {
  const { result } = useCustom<DashboardSummary>({
    url: 'admin/dashboard/summary',
    method: 'get',
    queryOptions: { staleTime: 10 * 60_000 },
  });
  return result?.data?.currency ?? 'TWD';
}
