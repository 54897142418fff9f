// @simshop/api-types: the one generated copy of the server's OpenAPI types (openapi.gen.ts, `npm run gen:api`),
// the helpers that read a call's query, body and answer from it, and the typed call core both clients build on.
export type { components, operations, paths } from './openapi.gen';
export type { ApiBody, ApiData, ApiMethod, ApiOperation, ApiPath, ApiQuery, Routes } from './types';
export { createApi, type Answer, type ApiInit, type ApiRequest } from './client';
