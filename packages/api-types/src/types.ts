// Types of every API call, read from the server's OpenAPI document (openapi.gen.ts, written by `npm run gen:api`),
// shared by the shop (apps/web) and the operator console (apps/admin).
// Paths are keyed as the request client takes them: after `/api/`, e.g. `app/user/cart/add`.
import type { paths } from './openapi.gen';

type AfterApi<P> = P extends `/api/${infer R}` ? R : never;

/** Every call the server declares, by its path after `/api/`. */
export type Routes = { [P in keyof paths as AfterApi<P>]: paths[P] };

export type ApiMethod = 'get' | 'post';

/** The paths that answer `M` (GET or POST). */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof Routes]: Routes[P] extends { [K in M]: object } ? P : never;
}[keyof Routes];

/** The operation (parameters, body, responses) of one call. */
export type ApiOperation<M extends ApiMethod, P extends ApiPath<M>> = Routes[P] extends { [K in M]: infer Op }
  ? Op
  : never;

type JsonOf<T> = T extends { content: { 'application/json': infer J } } ? J : never;

/** `data` of the success envelope of a call. */
export type ApiData<M extends ApiMethod, P extends ApiPath<M>> =
  ApiOperation<M, P> extends { responses: { 200: infer R } }
    ? JsonOf<R> extends { data: infer D }
      ? D
      : never
    : never;

/** The query parameters of a call (GET parameters), or never when it takes none. */
export type ApiQuery<M extends ApiMethod, P extends ApiPath<M>> =
  ApiOperation<M, P> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;

/** The JSON body of a call, or never when it takes none. */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> =
  ApiOperation<M, P> extends { requestBody?: infer B } ? JsonOf<Exclude<B, undefined>> : never;
