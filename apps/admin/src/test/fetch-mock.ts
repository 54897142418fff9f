import { vi } from 'vitest';

export type Call = { url: string; method: string; body: unknown; headers: Record<string, string> };
type Route = (call: Call) => { status?: number; body: unknown } | undefined;

/**
 * Replaces fetch with a router of envelope answers: each route sees the call (path after the origin, method,
 * parsed JSON body, headers) and answers `{ status, body }`, or undefined to let the next route try.
 * Unrouted calls answer 404. Returns the calls made, in order.
 */
export function mockApi(...routes: Route[]) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      body,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    for (const r of routes) {
      const a = r(call);
      if (a)
        return new Response(JSON.stringify(a.body), {
          status: a.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
    }
    return new Response(JSON.stringify({ code: 1002, data: null, message: 'Not found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

export const ok = (data: unknown) => ({ body: { code: 1000, data, message: 'success' } });
export const fail = (code: number, message: string, status = 200) => ({
  status,
  body: { code, data: null, message },
});
/** A route for one path (after `/api/`), optionally one method. */
export const on =
  (path: string, answer: (call: Call) => { status?: number; body: unknown }, method?: string): Route =>
  (call) =>
    call.url.split('?')[0] === `/api/${path}` && (!method || call.method === method)
      ? answer(call)
      : undefined;
