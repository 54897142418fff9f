import {
  NETWORK_TIMEOUT_MS,
  NET_CODE_ABORT,
  NET_CODE_TIMEOUT_OR_NETWORK,
  NET_CODE_TRANSFER_FAILED,
  SUCCESS_CODE,
} from '@simshop/contracts';
import type { ApiData, ApiPath } from '@simshop/api-types';
import { currentLanguage, t } from './i18n';
import { isOnLoginPage } from './navigation';
import { tokenStore as sessionStore } from './session-store';

/** Every failed call rejects with this: a message ready to show and the server's (or the wrapper's) code. */
export class RequestError extends Error {
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
  }
}

/** Code of an upload whose file cannot be read (spec: "an unreadable upload file gives file error"). */
export const FILE_ERROR_CODE = -1;
export const API_BASE = '/api/';
export const REFRESH_URL = 'app/user/login/refreshToken' satisfies ApiPath<'post'>;
export const UPLOAD_URL = 'app/base/comm/upload' satisfies ApiPath<'post'>;

export type Method = 'GET' | 'POST';
export type RequestOptions = {
  /** Path after `/api/`, e.g. `app/user/info/person`. */
  url: string;
  method?: Method;
  /** Query parameters. Undefined and null values are left out; arrays repeat the key. */
  params?: Record<string, unknown>;
  /** JSON body (POST). */
  data?: unknown;
  signal?: AbortSignal;
};

type Envelope = { code: number; data: unknown; message: string };

export const apiUrl = (url: string) => API_BASE + url.replace(/^\/+/, '');

function withQuery(path: string, params?: Record<string, unknown>): string {
  if (!params) return path;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
  }
  const s = q.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

// ---- token refresh: one call at a time; every caller waiting on it is settled when it ends ----

let refreshing: Promise<void> | null = null;

async function refreshTokens(): Promise<void> {
  const { refreshToken } = sessionStore.getState();
  try {
    const tokens = await send<ApiData<'post', typeof REFRESH_URL>>(
      { url: REFRESH_URL, method: 'POST', data: { refreshToken } },
      { auth: false, transferCode: NET_CODE_TIMEOUT_OR_NETWORK, on401: 'reject' },
    );
    sessionStore.setTokens(tokens);
  } catch (err) {
    // A refresh that fails for any reason ends the session (spec section 4).
    sessionStore.logout({ returnHere: true });
    throw err instanceof RequestError && err.code !== NET_CODE_ABORT
      ? err
      : new RequestError(t('common:loginExpired'), 401);
  }
}

/** Makes sure the access token is usable before a call: refreshes it (single-flight) or logs out. */
async function ensureFreshToken(): Promise<void> {
  const s = sessionStore.getState();
  if (!s.token || !sessionStore.isTokenExpired()) return;
  if (sessionStore.isRefreshTokenExpired()) {
    sessionStore.logout({ returnHere: true });
    throw new RequestError(t('common:loginExpired'), 401);
  }
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  await refreshing;
}

// ---- one HTTP exchange ----

type SendOptions = {
  auth?: boolean;
  /** Wrapper code of a network failure or timeout: 5 for calls, 602001 for uploads. */
  transferCode: number;
  /** The refresh call handles its own 401 (it logs out once, for every waiting call). */
  on401?: 'logout' | 'reject';
};

async function send<T>(opts: RequestOptions & { body?: BodyInit }, how: SendOptions): Promise<T> {
  const method = opts.method ?? 'GET';
  const path = apiUrl(opts.url);
  const url = withQuery(path, opts.params);
  const headers: Record<string, string> = { language: currentLanguage() };
  const token = sessionStore.getState().token;
  if (how.auth !== false && token) headers.Authorization = token;
  let body: BodyInit | undefined = opts.body;
  if (method !== 'GET' && body === undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.data ?? {});
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, NETWORK_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: controller.signal });
  } catch {
    if (timedOut) throw new RequestError(t('common:timeout'), how.transferCode);
    if (opts.signal?.aborted) throw new RequestError(t('common:aborted'), NET_CODE_ABORT);
    throw new RequestError(t('common:network'), how.transferCode);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  return handleResponse<T>(res, path, how.on401 ?? 'logout');
}

async function readEnvelope(res: Response): Promise<Envelope | null> {
  try {
    const json = (await res.json()) as Envelope;
    return json && typeof json === 'object' && typeof json.code === 'number' ? json : null;
  } catch {
    return null;
  }
}

async function handleResponse<T>(res: Response, path: string, on401: 'logout' | 'reject'): Promise<T> {
  if (res.status === 401) {
    const env = await readEnvelope(res);
    if (on401 === 'reject' || isOnLoginPage())
      throw new RequestError(env?.message || t('common:loginExpired'), env?.code ?? 401);
    sessionStore.logout({ returnHere: true });
    throw new RequestError(t('common:loginExpired'), 401);
  }
  if (res.status === 404) throw new RequestError(`[404] ${path}`, 404);
  if (res.status === 503) {
    // the shop's database is briefly out of reach: its own message ("try again in a few seconds")
    const env = await readEnvelope(res);
    throw new RequestError(env?.message || t('common:serviceAbnormal'), env?.code ?? 503);
  }
  if (res.status !== 200) throw new RequestError(t('common:serviceAbnormal'), res.status);
  const env = await readEnvelope(res);
  if (!env) throw new RequestError(t('common:serviceAbnormal'), res.status);
  if (env.code !== SUCCESS_CODE) throw new RequestError(env.message || t('common:serviceAbnormal'), env.code);
  return env.data as T;
}

/**
 * Calls the API (spec sections 4 and 8): `/api/` + url, Authorization and language headers, 60 s timeout,
 * token refresh first when the access token has expired. Resolves with `data` of a code-1000 envelope.
 */
export async function request<T>(opts: RequestOptions): Promise<T> {
  await ensureFreshToken();
  return send<T>(opts, { transferCode: NET_CODE_TIMEOUT_OR_NETWORK });
}

export type UploadResult = ApiData<'post', typeof UPLOAD_URL>;

/** Uploads one file to `app/base/comm/upload` (multipart), with the same auth and refresh rules. */
export async function upload(
  file: File | Blob,
  options: { signal?: AbortSignal } = {},
): Promise<UploadResult> {
  if (!(file instanceof Blob)) throw new RequestError(t('common:fileError'), FILE_ERROR_CODE);
  try {
    await file.slice(0, 1).arrayBuffer();
  } catch {
    throw new RequestError(t('common:fileError'), FILE_ERROR_CODE);
  }
  await ensureFreshToken();
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return send<UploadResult>(
    { url: UPLOAD_URL, method: 'POST', body: form, signal: options.signal },
    { transferCode: NET_CODE_TRANSFER_FAILED },
  );
}
