import { useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * Pull-to-refresh of an endless list: keep only the first page, then fetch it again, so the refresh costs one
 * call and the list starts from the top (refetching every loaded page would cost one call per page).
 */
export async function refetchFirstPage(qc: QueryClient, queryKey: QueryKey): Promise<void> {
  qc.setQueryData<InfiniteData<unknown, unknown>>(queryKey, (d) =>
    d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
  );
  await qc.refetchQueries({ queryKey, exact: true }, { throwOnError: true });
}

/** A refresh function for Page's onRefresh: reloads the given queries (infinite ones from their first page). */
export function useRefresh(keys: { queryKey: QueryKey; infinite?: boolean }[]): () => Promise<void> {
  const qc = useQueryClient();
  const latest = useRef(keys);
  latest.current = keys; // a fresh array each render: read the newest when the refresh runs
  return useCallback(async () => {
    await Promise.all(
      latest.current.map((k) =>
        k.infinite
          ? refetchFirstPage(qc, k.queryKey)
          : qc.refetchQueries({ queryKey: k.queryKey, exact: true }, { throwOnError: true }),
      ),
    );
  }, [qc]);
}
