import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CareKind } from '@simshop/contracts';
import { api, type ApiBody, type ApiData } from '../../../lib/api/client';
import { nextPageOf } from '../../../lib/api/paging';

export const CS_KEY = ['cs'] as const;
export const CARE_KEY = ['care'] as const;
export const CS_PAGE_SIZE = 30;

export type CsSession = NonNullable<ApiData<'get', 'app/cs/session/detail'>>;
export type CsMessage = ApiData<'post', 'app/cs/msg/page'>['list'][number];
export type CsContext = NonNullable<NonNullable<ApiBody<'post', 'app/cs/session/create'>>['context']>;
export type CareTicket = ApiData<'get', 'app/app/complain/info'>;
export type CareSubmit = ApiBody<'post', 'app/app/complain/submit'>;

/** Messages from the shop the buyer has not read: the badge on "my" and the tab bar's red dot. */
export const unreadCountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: [...CS_KEY, 'unread'] as const,
    queryFn: ({ signal }) => api.get('app/cs/msg/unreadCount', { signal }),
    enabled,
    refetchInterval: 15_000,
  });

export const openSession = (context?: CsContext) =>
  api.post('app/cs/session/create', { body: context ? { context } : {} });

/** A page of messages: newest first, or with `afterId` the ones after it, oldest first (catch-up). */
export const messagePage = (body: { sessionId?: number; page?: number; size?: number; afterId?: number }) =>
  api.post('app/cs/msg/page', { body: { size: CS_PAGE_SIZE, ...body } });

export const markRead = (sessionId: number, lastReadId?: number) =>
  api.post('app/cs/msg/read', { body: { sessionId, ...(lastReadId ? { lastReadId } : {}) } });

const carePath = {
  complain: {
    page: 'app/app/complain/page',
    info: 'app/app/complain/info',
    submit: 'app/app/complain/submit',
  },
  feedback: {
    page: 'app/app/feedback/page',
    info: 'app/app/feedback/info',
    submit: 'app/app/feedback/submit',
  },
} as const;

export const carePageQuery = (lang: string, kind: CareKind) =>
  infiniteQueryOptions({
    queryKey: [...CARE_KEY, kind, lang, 'page'] as const,
    queryFn: ({ pageParam, signal }) =>
      api.post(carePath[kind].page, { body: { page: pageParam, size: 10 }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const careInfoQuery = (lang: string, kind: CareKind, id: number) =>
  queryOptions({
    queryKey: [...CARE_KEY, kind, lang, 'info', id] as const,
    queryFn: ({ signal }) => api.get(carePath[kind].info, { query: { id }, signal }),
  });

export const submitCare = (kind: CareKind, body: CareSubmit) => api.post(carePath[kind].submit, { body });
