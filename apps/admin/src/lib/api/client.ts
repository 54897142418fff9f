// The console's typed API client: every call's path, query, body and answer come from the server's OpenAPI
// document (@simshop/api-types), so a renamed path or a changed field fails `tsc`. The calls go through the
// console's request client (lib/request.ts), which keeps its own token and refresh handling.
import { createApi } from '@simshop/api-types';
import { request } from '../request';

export type { Answer, ApiBody, ApiData, ApiInit, ApiPath, ApiQuery } from '@simshop/api-types';

export const api = createApi(request);
