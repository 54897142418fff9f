// The console's typed API client: every call's path, query, body and answer come from the server's OpenAPI
// document (openapi.gen.ts, written by `npm run gen:api`), so a renamed path or a changed field fails `tsc`.
import { request } from '../request';
import type { ApiBody, ApiData, ApiMethod, ApiPath, ApiQuery } from './types';

export type { ApiBody, ApiData, ApiPath, ApiQuery } from './types';

type QueryPart<Q> = [Q] extends [never]
  ? { query?: undefined }
  : Record<never, never> extends Q
    ? { query?: Q }
    : { query: Q };
type BodyPart<B> = [B] extends [never]
  ? { body?: undefined }
  : Record<never, never> extends B
    ? { body?: B }
    : { body: B };

export type ApiInit<M extends ApiMethod, P extends ApiPath<M>> = QueryPart<ApiQuery<M, P>> &
  BodyPart<ApiBody<M, P>> & { signal?: AbortSignal };

type InitArgs<I> = Record<never, never> extends I ? [init?: I] : [init: I];

function call<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  init: { query?: unknown; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiData<M, P>> {
  return request<ApiData<M, P>>({
    url: path,
    method: method === 'get' ? 'GET' : 'POST',
    ...(init.query ? { params: init.query as Record<string, unknown> } : {}),
    ...(method === 'post' ? { data: init.body ?? {} } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

export const api = {
  get: <P extends ApiPath<'get'>>(path: P, ...[init]: InitArgs<ApiInit<'get', P>>) => call('get', path, init),
  post: <P extends ApiPath<'post'>>(path: P, ...[init]: InitArgs<ApiInit<'post', P>>) =>
    call('post', path, init),
};

/** `data` of a GET or POST call, by path. */
export type Answer<P extends ApiPath<'get'> | ApiPath<'post'>> =
  P extends ApiPath<'post'> ? ApiData<'post', P> : P extends ApiPath<'get'> ? ApiData<'get', P> : never;
