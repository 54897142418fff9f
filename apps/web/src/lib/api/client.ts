// The typed API client: every call's path, query, body and answer come from the server's OpenAPI document
// (openapi.gen.ts), so a renamed path or a changed field fails `tsc`. The calls go through the request client
// (lib/request.ts), which keeps the protocol: envelope, language header, token refresh, error mapping.
import { request, upload, type UploadResult } from '../request';
import type { ApiBody, ApiData, ApiMethod, ApiPath, ApiQuery } from './types';

export type { ApiBody, ApiData, ApiPath, ApiQuery } from './types';
export type { UploadResult } from '../request';

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
  /** GET `/api/<path>` with the query as parameters; resolves with the envelope's data. */
  get: <P extends ApiPath<'get'>>(path: P, ...[init]: InitArgs<ApiInit<'get', P>>) => call('get', path, init),
  /** POST `/api/<path>` with the body as JSON; resolves with the envelope's data. */
  post: <P extends ApiPath<'post'>>(path: P, ...[init]: InitArgs<ApiInit<'post', P>>) =>
    call('post', path, init),
  /** Uploads one file (`app/base/comm/upload`) and resolves with its site-relative URL, type and size. */
  upload: (file: File | Blob, options: { signal?: AbortSignal } = {}): Promise<UploadResult> =>
    upload(file, options),
};
