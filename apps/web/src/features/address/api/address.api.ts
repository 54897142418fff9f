import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api/client';

export const ADDRESS_KEY = ['address'] as const;

export type AddressAddInput = ApiBody<'post', 'app/user/address/add'>;
export type AddressUpdateInput = ApiBody<'post', 'app/user/address/update'>;

/** The user's addresses, default first (region names come in the UI language). */
export const addressListQuery = (lang: string) =>
  queryOptions({
    queryKey: [...ADDRESS_KEY, lang, 'list'] as const,
    queryFn: ({ signal }) => api.post('app/user/address/list', { signal }),
  });

export const addressInfoQuery = (lang: string, id: number) =>
  queryOptions({
    queryKey: [...ADDRESS_KEY, lang, 'info', id] as const,
    queryFn: ({ signal }) => api.get('app/user/address/info', { query: { id }, signal }),
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
    add: (input: AddressAddInput) => done(api.post('app/user/address/add', { body: input })),
    update: (input: AddressUpdateInput) => done(api.post('app/user/address/update', { body: input })),
    setDefault: (id: number) => done(api.post('app/user/address/update', { body: { id, isDefault: true } })),
    remove: (id: number) => done(api.post('app/user/address/delete', { body: { ids: [id] } })),
  };
}
