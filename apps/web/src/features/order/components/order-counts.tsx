import { useQuery } from '@tanstack/react-query';
import { orderCountsQuery, type OrderCounts } from '../api/order.api';

/** Order counts per tab for the badges on "my" (nothing while loading or for visitors). */
export function useOrderCounts(enabled: boolean): OrderCounts | undefined {
  return useQuery({ ...orderCountsQuery(), enabled }).data;
}
