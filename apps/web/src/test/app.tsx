// Test helpers for any component: a fresh query cache and a memory router, with the router's location readable.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type Location } from 'react-router';

/** Where the router is, for assertions on the address. */
export const probe = { location: null as unknown as Location };
function Probe() {
  probe.location = useLocation();
  return null;
}

/** A component under a fresh query cache and a memory router at `path`. */
export function withApp(children: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {children}
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>
  );
}
