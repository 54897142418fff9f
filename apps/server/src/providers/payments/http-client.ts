import type { HttpClient, HttpResponse } from './channel';

/** The part of a Fastify instance an in-process client needs (`app.inject`; structural, no Fastify import). */
export type Injectable = {
  inject(opts: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
};

/**
 * An HttpClient answered in process by a Fastify instance: demo mode and tests reach the payment
 * simulators (and the simulators reach our callbacks) with the same byte-exact requests they would send
 * over the network, without a socket. Only the path and query of the URL are used (the origin becomes the
 * Host header), since in demo mode every party lives in the one app. `target` is a getter because
 * providers are built before the app that serves them exists. Answer header names come back lower-case.
 */
export function createInjectHttpClient(target: () => Injectable): HttpClient {
  return async (req) => {
    const url = new URL(req.url);
    const res = await target().inject({
      method: req.method,
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host, ...req.headers },
      ...(req.body === undefined ? {} : { payload: req.body }),
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    return { status: res.statusCode, headers, body: res.body };
  };
}

/**
 * The production HttpClient: fetch with a deadline (TapPay asks for 30 s, since banks are slow at peak
 * hours). A timeout rejects, which the adapters read as "the request may or may not have landed".
 */
export function createFetchHttpClient(opts: { timeoutMs?: number } = {}): HttpClient {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return async (req): Promise<HttpResponse> => {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, body: await res.text() };
  };
}

/** Header lookup that ignores case: fetch, inject and Fastify spell header names differently. */
export function headerOf(headers: Record<string, string | undefined>, name: string): string | undefined {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === want) return v;
  return undefined;
}
