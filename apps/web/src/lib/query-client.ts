import { QueryClient } from '@tanstack/react-query';
import { NET_CODE_TIMEOUT_OR_NETWORK } from '@simshop/contracts';
import { RequestError } from './request';

/** Longest a failed read keeps the spinner up: one retry of a network failure, after this pause. */
export const QUERY_RETRY_DELAY_MS = 1_000;

/**
 * The app's one query cache. Only network failures are retried, once, quickly: a business error will not change
 * by asking again, and offline or with the server down the page must show its error and retry button within a
 * few seconds (issue 12), not a spinner. `networkMode: 'always'` runs the call even when the browser says it is
 * offline: TanStack's default would pause it, leaving "Loading…" up until the connection returns.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      networkMode: 'always',
      retry: (failures, error) =>
        failures < 1 && error instanceof RequestError && error.code === NET_CODE_TIMEOUT_OR_NETWORK,
      retryDelay: QUERY_RETRY_DELAY_MS,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
