import { QueryClient } from '@tanstack/react-query';
import { NET_CODE_TIMEOUT_OR_NETWORK } from '@simshop/contracts';
import { RequestError } from './request';

/** The app's one query cache. Only network failures are retried: a business error will not change by asking again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        failures < 2 && error instanceof RequestError && error.code === NET_CODE_TIMEOUT_OR_NETWORK,
    },
    mutations: { retry: false },
  },
});
