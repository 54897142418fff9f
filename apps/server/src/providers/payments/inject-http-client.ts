import type { HttpClient } from './channel';

/** The part of a Fastify instance an in-process client needs (`app.inject`). */
export type Injectable = {
  inject(opts: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
};

/**
 * An HttpClient that answers absolute URLs in process through `app.inject`, ignoring the origin. Demo mode
 * and tests use it so adapters reach the simulators (and simulators reach our callbacks) with the same
 * byte-exact requests they would send over the network. The app is looked up per call because providers
 * are built before the app that serves them exists.
 */
export function injectHttpClient(target: () => Injectable): HttpClient {
  return async (req) => {
    const u = new URL(req.url);
    const res = await target().inject({
      method: req.method,
      url: `${u.pathname}${u.search}`,
      headers: req.headers,
      payload: req.body,
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    return { status: res.statusCode, headers, body: res.body };
  };
}

/** Header lookup that ignores case: fetch, inject and Fastify spell header names differently. */
export function headerOf(headers: Record<string, string | undefined>, name: string): string | undefined {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === want) return v;
  return undefined;
}
