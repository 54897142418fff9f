import { describe, expect, it } from 'vitest';
import { createApi, type ApiRequest } from './client';

function recorder() {
  const sent: ApiRequest[] = [];
  const request = <T>(opts: ApiRequest) => {
    sent.push(opts);
    return Promise.resolve({ ok: opts.url } as T);
  };
  return { sent, api: createApi(request) };
}

describe('createApi', () => {
  it('sends a GET with its query as parameters and resolves with what the request function answers', async () => {
    const { sent, api } = recorder();
    const answer = await api.get('app/app/version/check', { query: { code: 7 } });
    expect(sent).toEqual([{ url: 'app/app/version/check', method: 'GET', params: { code: 7 } }]);
    expect(answer).toEqual({ ok: 'app/app/version/check' });
  });

  it('sends a POST with its body as data, an empty object when there is none, and the abort signal', async () => {
    const { sent, api } = recorder();
    const signal = new AbortController().signal;
    await api.post('app/user/cart/add', { body: { goodsId: 1 }, signal } as never);
    await api.post('app/user/cart/add', {} as never);
    expect(sent).toEqual([
      { url: 'app/user/cart/add', method: 'POST', data: { goodsId: 1 }, signal },
      { url: 'app/user/cart/add', method: 'POST', data: {} },
    ]);
  });
});
