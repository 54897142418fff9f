import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api/client';

export const COMPANY_KEY = ['company'] as const;

/** The caller's company and role (null: none). */
export const companyInfoQuery = (lang: string) =>
  queryOptions({
    queryKey: [...COMPANY_KEY, lang, 'info'] as const,
    queryFn: ({ signal }) => api.get('app/company/info', { signal }),
  });

export const companyMembersQuery = (lang: string) =>
  queryOptions({
    queryKey: [...COMPANY_KEY, lang, 'members'] as const,
    queryFn: ({ signal }) => api.get('app/company/member/list', { signal }),
  });

export const companyInvitesQuery = (lang: string) =>
  queryOptions({
    queryKey: [...COMPANY_KEY, lang, 'invites'] as const,
    queryFn: ({ signal }) => api.get('app/company/invite/list', { signal }),
  });

export const companyBatchesQuery = (lang: string, status?: 'awaiting_approval') =>
  queryOptions({
    queryKey: [...COMPANY_KEY, lang, 'batches', status ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api.post('app/company/batch/page', {
        body: { page: 1, size: 50, ...(status ? { status } : {}) },
        signal,
      }),
  });

export const companyCardsQuery = (lang: string) =>
  queryOptions({
    queryKey: [...COMPANY_KEY, lang, 'cards'] as const,
    queryFn: ({ signal }) => api.get('app/company/card/list', { signal }),
  });

export const companyStatementQuery = (lang: string, month: string) =>
  queryOptions({
    queryKey: [...COMPANY_KEY, lang, 'statement', month] as const,
    queryFn: ({ signal }) => api.get('app/company/statement/info', { query: { month }, signal }),
  });

/** The eSIM plans on sale (virtual goods), for the bulk purchase's plan picker. */
export const esimPlansQuery = (lang: string) =>
  queryOptions({
    queryKey: [...COMPANY_KEY, lang, 'plans'] as const,
    queryFn: ({ signal }) =>
      api.post('app/goods/info/page', {
        body: { page: 1, size: 50, goodsType: 1, order: 'default' },
        signal,
      }),
  });

export const planSpecsQuery = (lang: string, goodsId: number) =>
  queryOptions({
    queryKey: [...COMPANY_KEY, lang, 'plan', goodsId] as const,
    queryFn: ({ signal }) => api.get('app/goods/info/info', { query: { id: goodsId }, signal }),
    enabled: goodsId > 0,
  });

/** The company's writes; each refreshes what it changed. */
export function useCompanyActions() {
  const qc = useQueryClient();
  const after = async <T>(p: Promise<T>) => {
    const r = await p;
    await qc.invalidateQueries({ queryKey: COMPANY_KEY });
    return r;
  };
  return {
    setUp: (body: ApiBody<'post', 'app/company/setup'>) => after(api.post('app/company/setup', { body })),
    setThreshold: (approvalThreshold: number | null) =>
      after(api.post('app/company/threshold', { body: { approvalThreshold } })),
    invite: (body: ApiBody<'post', 'app/company/invite/add'>) =>
      after(api.post('app/company/invite/add', { body })),
    join: (code: string) => after(api.post('app/company/invite/join', { body: { code } })),
    setRole: (userId: number, role: 'buyer' | 'approver' | 'traveller') =>
      after(api.post('app/company/member/role', { body: { userId, role } })),
    remove: (userId: number) => after(api.post('app/company/member/remove', { body: { userId } })),
    preview: (body: ApiBody<'post', 'app/company/batch/preview'>) =>
      api.post('app/company/batch/preview', { body }),
    confirm: (body: ApiBody<'post', 'app/company/batch/confirm'>) =>
      after(api.post('app/company/batch/confirm', { body })),
    decide: (batchId: number, approve: boolean, reason: string) =>
      after(api.post('app/company/batch/decide', { body: { batchId, approve, reason } })),
    reassign: (iccid: string, userId: number) =>
      after(api.post('app/company/card/reassign', { body: { iccid, userId } })),
    topUp: (body: ApiBody<'post', 'app/company/topup/confirm'>) =>
      after(api.post('app/company/topup/confirm', { body })),
  };
}
