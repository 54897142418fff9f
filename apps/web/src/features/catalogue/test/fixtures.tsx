import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import type { GoodsCard, GoodsSpec } from '@simshop/contracts';

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

export function card(id: number, title: string, extra: Partial<GoodsCard> = {}): GoodsCard {
  return {
    id,
    typeId: 1,
    saleTypeId: 1,
    goodsType: 1,
    title,
    subtitle: null,
    mainPic: null,
    minPrice: 29900,
    originalPrice: null,
    currency: 'TWD',
    sales: 10,
    destinations: ['JP'],
    rating: { average: 0, count: 0 },
    soldOut: false,
    needFillCard: 0,
    supportPointDiscount: 0,
    ...extra,
  };
}

export function spec(id: number, name: string, extra: Partial<GoodsSpec> = {}): GoodsSpec {
  return {
    id,
    goodsId: 1,
    name,
    dataMb: 1024,
    allowance: 'total',
    validityDays: 7,
    price: 29900,
    originalPrice: null,
    currency: 'TWD',
    stock: 10,
    soldOut: false,
    picture: null,
    noFreight: 0,
    orderNum: 0,
    ...extra,
  };
}

export const page = <T,>(list: T[], total = list.length, pageNo = 1, size = 10) => ({
  list,
  pagination: { page: pageNo, size, total },
});
