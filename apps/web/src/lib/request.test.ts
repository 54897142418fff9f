import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_TIMEOUT_MS, TOKEN_EXPIRY_MARGIN_MS } from '@simshop/contracts';
import { on } from './events';
import { setLanguage } from './i18n';
import { setNavigator } from './navigation';
import { RequestError, request, upload } from './request';
import { sessionStore } from './session';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
let calls: Call[] = [];
let respond: (c: Call) => Response | Promise<Response>;
const navigate = vi.fn();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json({ code: 1000, data, message: 'success' });
const tokens = (n: number) => ({
  token: `access-${n}`,
  expire: 7200,
  refreshToken: `refresh-${n}`,
  refreshExpire: 2592000,
});

/** Puts a session in storage whose access token expired a moment ago, refresh token still valid. */
function expiredSession() {
  sessionStore.setTokens(tokens(1));
  const s = sessionStore.getState();
  localStorage.setItem('tokenExpire', String(Date.now() - 1));
  Object.assign(s, { tokenExpire: Date.now() - 1 });
}

beforeAll(async () => {
  await setLanguage('en');
  setNavigator(navigate);
});

beforeEach(() => {
  calls = [];
  navigate.mockReset();
  window.history.replaceState(null, '', '/pages/order/list?status=1');
  sessionStore.setTokens(tokens(1));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = {
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body,
      };
      calls.push(call);
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        Promise.resolve(respond(call)).then(resolve, reject);
      });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('calls /api/<url> with the raw token, the UI language and GET params as the query', async () => {
    respond = () => ok({ hello: 'world' });
    const data = await request({
      url: 'app/goods/info/info',
      params: { id: 7, tags: ['a', 'b'], skip: undefined },
    });
    expect(data).toEqual({ hello: 'world' });
    expect(calls[0]?.url).toBe('/api/app/goods/info/info?id=7&tags=a&tags=b');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.Authorization).toBe('access-1');
    expect(calls[0]?.headers.language).toBe('en');
  });

  it('sends POST data as a JSON body', async () => {
    respond = () => ok(null);
    await request({ url: 'app/dict/info/data', method: 'POST', data: { types: ['brand'] } });
    expect(calls[0]).toMatchObject({
      url: '/api/app/dict/info/data',
      method: 'POST',
      body: { types: ['brand'] },
    });
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('rejects a business error with the server message and code', async () => {
    respond = () => json({ code: 2003, data: null, message: 'Wrong code' });
    await expect(request({ url: 'x' })).rejects.toMatchObject({ message: 'Wrong code', code: 2003 });
  });

  it('maps 502 and other statuses to "Service abnormal" and 404 to [404] with the url', async () => {
    respond = () => new Response('Bad gateway', { status: 502 });
    await expect(request({ url: 'a' })).rejects.toMatchObject({ message: 'Service abnormal', code: 502 });
    respond = () => json({ code: 1500, message: 'Internal' }, 500);
    await expect(request({ url: 'a' })).rejects.toMatchObject({ message: 'Service abnormal', code: 500 });
    respond = () => json({ code: 1002, message: 'Not found' }, 404);
    await expect(request({ url: 'app/nope' })).rejects.toMatchObject({
      message: '[404] /api/app/nope',
      code: 404,
    });
    respond = () => new Response('<html>', { status: 200 });
    await expect(request({ url: 'a' })).rejects.toMatchObject({ message: 'Service abnormal' });
  });

  it('shows the server message of a 503 (the database briefly unreachable), with its code', async () => {
    respond = () => json({ code: 1503, data: null, message: 'Try again in a few seconds' }, 503);
    await expect(request({ url: 'a' })).rejects.toMatchObject({
      message: 'Try again in a few seconds',
      code: 1503,
    });
    respond = () => new Response('Service Unavailable', { status: 503 });
    await expect(request({ url: 'a' })).rejects.toMatchObject({ message: 'Service abnormal', code: 503 });
  });

  it('logs out on HTTP 401 and returns to the page afterwards', async () => {
    respond = () => json({ code: 2000, message: 'Unauthorised' }, 401);
    const err = await request({ url: 'app/user/info/person' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect((err as RequestError).code).toBe(401);
    expect(sessionStore.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/pages/user/login?redirect=%2Fpages%2Forder%2Flist%3Fstatus%3D1', {
      replace: true,
    });
  });

  it('on the login page a 401 rejects with the server message and keeps the session', async () => {
    window.history.replaceState(null, '', '/pages/user/login');
    respond = () => json({ code: 2010, message: 'Wrong password' }, 401);
    await expect(request({ url: 'app/user/login/password', method: 'POST' })).rejects.toMatchObject({
      message: 'Wrong password',
      code: 2010,
    });
    expect(sessionStore.getState().token).toBe('access-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives code 5 on a network failure', async () => {
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(request({ url: 'a' })).rejects.toMatchObject({
      code: 5,
      message: 'Network error, please check your connection',
    });
  });

  it('gives code 5 when the server does not answer within 60 s', async () => {
    vi.useFakeTimers();
    respond = () => new Promise<Response>(() => {});
    const pending = request({ url: 'slow' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 5, message: 'The request timed out, please try again' });
  });

  it('gives code 600003 when the caller aborts', async () => {
    respond = () => new Promise<Response>(() => {});
    const controller = new AbortController();
    const pending = request({ url: 'slow', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 600003 });
  });
});

describe('token refresh', () => {
  it('five calls racing an expired token make exactly one refresh, and all five succeed with the new token', async () => {
    expiredSession();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    respond = async (c) => {
      if (c.url.endsWith('/refreshToken')) {
        await gate; // hold the refresh so all five calls pile up behind it
        return ok(tokens(2));
      }
      return ok(c.headers.Authorization);
    };
    const five = [1, 2, 3, 4, 5].map((i) => request<string>({ url: `app/thing/${i}` }));
    await new Promise((r) => setTimeout(r, 10));
    expect(calls.map((c) => c.url)).toEqual(['/api/app/user/login/refreshToken']);
    expect(calls[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    release();
    expect(await Promise.all(five)).toEqual(Array(5).fill('access-2'));
    expect(calls.filter((c) => c.url.endsWith('/refreshToken'))).toHaveLength(1);
    expect(sessionStore.getState()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failed refresh settles all five waiting calls with a rejection and logs out', async () => {
    expiredSession();
    const loggedOut = vi.fn();
    const stop = on('logout', loggedOut);
    respond = (c) =>
      c.url.endsWith('/refreshToken')
        ? json({ code: 2014, data: null, message: 'Login expired, please try again' })
        : ok('should not be called');
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((i) => request({ url: `app/thing/${i}` })));
    stop();
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    for (const r of results) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 2014 });
    expect(calls.map((c) => c.url)).toEqual(['/api/app/user/login/refreshToken']);
    expect(sessionStore.getState()).toMatchObject({ token: null, refreshToken: null, userInfo: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/pages\/user\/login\?redirect=/);
  });

  it('a refresh that fails on the network also settles every waiting call', async () => {
    expiredSession();
    respond = (c) => (c.url.endsWith('/refreshToken') ? Promise.reject(new TypeError('offline')) : ok(1));
    const results = await Promise.allSettled([1, 2, 3].map((i) => request({ url: `t/${i}` })));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(sessionStore.getState().token).toBeNull();
  });

  it('logs out without calling the server when the refresh token has expired too', async () => {
    expiredSession();
    localStorage.setItem('refreshTokenExpire', String(Date.now() - 1));
    Object.assign(sessionStore.getState(), { refreshTokenExpire: Date.now() - 1 });
    respond = () => ok(1);
    await expect(request({ url: 'a' })).rejects.toMatchObject({ code: 401 });
    expect(calls).toHaveLength(0);
    expect(sessionStore.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalled();
  });

  it('stores expiries with the 5 s margin subtracted', () => {
    sessionStore.setTokens(tokens(3), 1_000_000);
    expect(sessionStore.getState().tokenExpire).toBe(1_000_000 + 7_200_000 - TOKEN_EXPIRY_MARGIN_MS);
    expect(localStorage.getItem('refreshTokenExpire')).toBe(
      String(1_000_000 + 2_592_000_000 - TOKEN_EXPIRY_MARGIN_MS),
    );
    expect(localStorage.getItem('token')).toBe('access-3');
  });
});

describe('upload', () => {
  it('posts the file as multipart with the token and returns the stored file', async () => {
    respond = () => ok({ url: '/uploads/a.png', mime: 'image/png', size: 3 });
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    await expect(upload(file)).resolves.toEqual({ url: '/uploads/a.png', mime: 'image/png', size: 3 });
    expect(calls[0]?.url).toBe('/api/app/base/comm/upload');
    expect(calls[0]?.body).toBeInstanceOf(FormData);
    expect((calls[0]?.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(calls[0]?.headers.Authorization).toBe('access-1');
    expect(calls[0]?.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
  });

  it('gives code 602001 when the upload fails on the network', async () => {
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(upload(new Blob(['x']))).rejects.toMatchObject({ code: 602001 });
  });

  it('rejects an unreadable file with "file error" before sending anything', async () => {
    const gone = new Blob(['x']);
    gone.slice = () =>
      ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) as unknown as Blob;
    await expect(upload(gone)).rejects.toMatchObject({ message: 'The file could not be read' });
    expect(calls).toHaveLength(0);
  });
});
