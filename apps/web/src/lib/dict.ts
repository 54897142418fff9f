import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiData } from './api/client';

type DictItem = ApiData<'post', 'app/dict/info/data'>[string][number];

/** All dictionaries (`POST app/dict/info/data`), keyed by type; refreshed on launch. */
export const dictQuery = queryOptions({
  queryKey: ['dict', 'data'] as const,
  queryFn: ({ signal }) => api.post('app/dict/info/data', { signal }),
  staleTime: 10 * 60_000,
});

/** The items (a tree) of one dictionary type; empty while loading or when the type does not exist. */
export function useDict(type: string): DictItem[] {
  const { data } = useQuery({ ...dictQuery, select: (all) => all[type] ?? [] });
  return data ?? [];
}
