// The console's request client (architecture section 4): `/api/` + path, the operator's token and the language
// header, the `{ code, data, message }` envelope unwrapped, one token refresh at a time, and every failure
// turned into an ApiError with a message ready to show.
import { SUCCESS_CODE } from '@simshop/contracts';
import { i18n } from './i18n';
import { session, type Tokens } from './session';

export class ApiError extends Error {
  /** The envelope's code, or the HTTP status when there is no envelope. */
  readonly code: number;
  /** HTTP status of the answer (0: no answer). */
  readonly statusCode: number;
  constructor(message: string, code: number, statusCode: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = statusCode;
  }
}

export const API_BASE = '/api/';
const REFRESH_URL = 'admin/base/open/refreshToken';

export type RequestOptions = {
  /** Path after `/api/`, e.g. `admin/order/info/page`. */
  url: string;
  method?: 'GET' | 'POST';
  /** Query parameters; undefined, null and '' are left out. */
  params?: Record<string, unknown>;
  /** JSON body (POST). */
  data?: unknown;
  /** A ready body (multipart upload); wins over data. */
  body?: BodyInit;
  signal?: AbortSignal;
  /** Send the operator's token (default true). */
  auth?: boolean;
};

export function queryString(params?: Record<string, unknown>): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const apiUrl = (url: string, params?: Record<string, unknown>) =>
  API_BASE + url.replace(/^\/+/, '') + queryString(params);

/** Called when the session ends (refresh refused, token rejected): the app goes to the sign-in page. */
let onSessionEnd: () => void = () => {};
export const setSessionEndHandler = (fn: () => void) => {
  onSessionEnd = fn;
};

let refreshing: Promise<void> | null = null;

async function refresh(): Promise<void> {
  try {
    const tokens = await send<Tokens>(
      { url: REFRESH_URL, method: 'POST', data: { refreshToken: session.refreshToken() }, auth: false },
      false,
    );
    session.set(tokens);
  } catch (err) {
    session.clear();
    onSessionEnd();
    throw err;
  }
}

async function ensureFreshToken() {
  if (!session.token() || !session.isTokenExpired()) return;
  if (session.isRefreshExpired()) {
    session.clear();
    onSessionEnd();
    throw new ApiError(i18n.t('errors.sessionEnded'), 401, 401);
  }
  refreshing ??= refresh().finally(() => {
    refreshing = null;
  });
  await refreshing;
}

async function send<T>(opts: RequestOptions, endOn401: boolean): Promise<T> {
  const method = opts.method ?? (opts.data === undefined && opts.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { language: i18n.language || 'zh-Hans' };
  const token = session.token();
  if (opts.auth !== false && token) headers.Authorization = token;
  let body = opts.body;
  if (method === 'POST' && body === undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.data ?? {});
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(opts.url, opts.params), { method, headers, body, signal: opts.signal });
  } catch {
    if (opts.signal?.aborted) throw new ApiError(i18n.t('errors.aborted'), -2, 0);
    throw new ApiError(i18n.t('errors.network'), 5, 0);
  }
  type Envelope = { code: number; data: unknown; message: string };
  let env: Envelope | null = null;
  try {
    const json = (await res.json()) as Envelope | null;
    env = json && typeof json === 'object' && typeof json.code === 'number' ? json : null;
  } catch {
    env = null;
  }
  if (res.status === 401) {
    if (endOn401 && opts.auth !== false) {
      session.clear();
      onSessionEnd();
    }
    throw new ApiError(env?.message || i18n.t('errors.sessionEnded'), env?.code ?? 401, 401);
  }
  if (res.status === 403)
    throw new ApiError(env?.message || i18n.t('errors.forbidden'), env?.code ?? 403, 403);
  if (res.status === 404 && !env) throw new ApiError(i18n.t('errors.notFound'), 404, 404);
  if (!env) throw new ApiError(i18n.t('errors.server'), res.status, res.status);
  if (env.code !== SUCCESS_CODE)
    throw new ApiError(env.message || i18n.t('errors.server'), env.code, res.status);
  return env.data as T;
}

/** Calls the API and resolves with `data` of a success envelope. */
export async function request<T>(opts: RequestOptions): Promise<T> {
  if (opts.auth !== false) await ensureFreshToken();
  return send<T>(opts, true);
}

export type UploadResult = { url: string; mime: string; size: number };

/** Uploads one file to `admin/base/comm/upload` (multipart) and resolves with its site-relative URL. */
export async function uploadFile(file: Blob, name = 'upload'): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : name);
  return request<UploadResult>({ url: 'admin/base/comm/upload', method: 'POST', body: form });
}
