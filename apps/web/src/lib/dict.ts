import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DictItem } from '@simshop/contracts';
import { request } from './request';

/** All dictionaries (`POST app/dict/info/data`), keyed by type; refreshed on launch. */
export const dictQuery = queryOptions({
  queryKey: ['dict', 'data'] as const,
  queryFn: ({ signal }) =>
    request<Record<string, DictItem[]>>({ url: 'app/dict/info/data', method: 'POST', data: {}, signal }),
  staleTime: 10 * 60_000,
});

/** The items (a tree) of one dictionary type; empty while loading or when the type does not exist. */
export function useDict(type: string): DictItem[] {
  const { data } = useQuery({ ...dictQuery, select: (all) => all[type] ?? [] });
  return data ?? [];
}
