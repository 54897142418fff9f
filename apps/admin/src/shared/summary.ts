import { useCustom } from '@refinedev/core';
import type { ApiData } from '../lib/api/client';

/** `admin/dashboard/summary`: money in minor units of `currency`. */
export type DashboardSummary = ApiData<'get', 'admin/dashboard/summary'>;

/** The shop's one currency (from the dashboard summary every role may read); TWD until it is known. */
export function useCurrency(): string {
  const { result } = useCustom<DashboardSummary>({
    url: 'admin/dashboard/summary',
    method: 'get',
    queryOptions: { staleTime: 10 * 60_000 },
  });
  return result?.data?.currency ?? 'TWD';
}
