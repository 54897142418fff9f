// The typed API client: every call's path, query, body and answer come from the server's OpenAPI document
// (@simshop/api-types), so a renamed path or a changed field fails `tsc`. The calls go through the request client
// (lib/request.ts), which keeps the protocol: envelope, language header, token refresh, error mapping.
import { createApi } from '@simshop/api-types';
import { request, upload, type UploadResult } from '../request';

export type { ApiBody, ApiData, ApiInit, ApiPath, ApiQuery } from '@simshop/api-types';
export type { UploadResult } from '../request';

export const api = {
  ...createApi(request),
  /** Uploads one file (`app/base/comm/upload`) and resolves with its site-relative URL, type and size. */
  upload: (file: File | Blob, options: { signal?: AbortSignal } = {}): Promise<UploadResult> =>
    upload(file, options),
};
