// The typed call core both API clients share: every call's path, query, body and answer come from the server's
// OpenAPI document, so a renamed path or a changed field fails `tsc`. Each app passes in its own request
// function, which keeps what differs between them: envelope handling, language header, token and refresh.
import type { ApiBody, ApiData, ApiMethod, ApiPath, ApiQuery } from './types';

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

/** What a call takes besides its path: its query (GET) or body (POST), and an abort signal. */
export type ApiInit<M extends ApiMethod, P extends ApiPath<M>> = QueryPart<ApiQuery<M, P>> &
  BodyPart<ApiBody<M, P>> & { signal?: AbortSignal };

/** The init argument is required only when the call has a required query or body. */
type InitArgs<I> = Record<never, never> extends I ? [init?: I] : [init: I];

/** What the typed client hands to an app's request function (a path after `/api/`). */
export type ApiRequest = {
  url: string;
  method: 'GET' | 'POST';
  params?: Record<string, unknown>;
  data?: unknown;
  signal?: AbortSignal;
};

/** `data` of a GET or POST call, by path. */
export type Answer<P extends ApiPath<'get'> | ApiPath<'post'>> =
  P extends ApiPath<'post'> ? ApiData<'post', P> : P extends ApiPath<'get'> ? ApiData<'get', P> : never;

/** The typed `get`/`post` pair over an app's request function (which resolves with the envelope's data). */
export function createApi(request: <T>(opts: ApiRequest) => Promise<T>) {
  const call = <M extends ApiMethod, P extends ApiPath<M>>(
    method: M,
    path: P,
    init: { query?: unknown; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<ApiData<M, P>> =>
    request<ApiData<M, P>>({
      url: path,
      method: method === 'get' ? 'GET' : 'POST',
      ...(init.query ? { params: init.query as Record<string, unknown> } : {}),
      ...(method === 'post' ? { data: init.body ?? {} } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  return {
    /** GET `/api/<path>` with the query as parameters; resolves with the envelope's data. */
    get: <P extends ApiPath<'get'>>(path: P, ...[init]: InitArgs<ApiInit<'get', P>>) =>
      call('get', path, init),
    /** POST `/api/<path>` with the body as JSON; resolves with the envelope's data. */
    post: <P extends ApiPath<'post'>>(path: P, ...[init]: InitArgs<ApiInit<'post', P>>) =>
      call('post', path, init),
  };
}
