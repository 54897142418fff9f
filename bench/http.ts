/** Plain HTTP calls to the shop under bench (envelope answers; anything but code 1000 throws). */
export type Envelope<T> = { code: number; data: T; message: string };

export function client(base: string) {
  return async function call<T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
    const res = await fetch(`${base}/api/${url}`, {
      method,
      headers: {
        language: 'en',
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 1000) throw new Error(`${url}: ${env.code} ${env.message}`);
    return env.data;
  };
}
export type Call = ReturnType<typeof client>;
