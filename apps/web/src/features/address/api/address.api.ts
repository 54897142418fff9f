import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressAddRequest, AddressUpdateRequest } from '@simshop/contracts';
import { request } from '../../../lib/request';

/** The address calls (issue 4), paths after `/api/`. */
export const ADDRESS_URLS = {
  list: 'app/user/address/list',
  info: 'app/user/address/info',
  default: 'app/user/address/default',
  add: 'app/user/address/add',
  update: 'app/user/address/update',
  delete: 'app/user/address/delete',
} as const;

export const ADDRESS_KEY = ['address'] as const;

/** The user's addresses, default first (region names come in the UI language). */
export const addressListQuery = (lang: string) =>
  queryOptions({
    queryKey: [...ADDRESS_KEY, lang, 'list'] as const,
    queryFn: ({ signal }) => request<Address[]>({ url: ADDRESS_URLS.list, method: 'POST', data: {}, signal }),
  });

export const addressInfoQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: [...ADDRESS_KEY, lang, 'info', id] as const,
    queryFn: ({ signal }) => request<Address>({ url: ADDRESS_URLS.info, params: { id }, signal }),
  });

/** Address writes; each refreshes every address query (and checkout quotes, which carry the address). */
export function useAddressActions() {
  const qc = useQueryClient();
  const done = async <T>(p: Promise<T>) => {
    try {
      return await p;
    } finally {
      await qc.invalidateQueries({ queryKey: ADDRESS_KEY });
      await qc.invalidateQueries({ queryKey: ['order', 'quote'] });
    }
  };
  return {
    add: (input: AddressAddRequest) =>
      done(request<Address>({ url: ADDRESS_URLS.add, method: 'POST', data: input })),
    update: (input: AddressUpdateRequest) =>
      done(request<Address>({ url: ADDRESS_URLS.update, method: 'POST', data: input })),
    setDefault: (id: number) =>
      done(request<Address>({ url: ADDRESS_URLS.update, method: 'POST', data: { id, isDefault: true } })),
    remove: (id: number) =>
      done(
        request<{ deleted: number; defaultId: number | null }>({
          url: ADDRESS_URLS.delete,
          method: 'POST',
          data: { ids: [id] },
        }),
      ),
  };
}
