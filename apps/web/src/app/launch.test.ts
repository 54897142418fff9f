import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../lib/events';
import { queryClient } from '../lib/query-client';
import { sessionStore } from '../lib/session';
import { setNavigator } from '../lib/navigation';
import { launch } from './launch';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 1000, data, message: 'success' }), { status: 200 });
let urls: string[] = [];

beforeEach(() => {
  urls = [];
  queryClient.clear();
  setNavigator(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/app/dict/info/data')
        return ok({ brand: [{ id: 1, name: 'A', value: '1', label: 'A' }] });
      if (url === '/api/app/user/info/person') return ok({ id: 'u1', nickname: 'Mei' });
      if (url === '/api/app/user/cart/count') return ok({ count: 2, quantity: 2 });
      return new Response('', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('launch', () => {
  it('refreshes the dictionaries, and with a token loads the profile and then the cart', async () => {
    sessionStore.setTokens({ token: 't', expire: 7200, refreshToken: 'r', refreshExpire: 2592000 });
    await launch();
    expect(urls).toContain('/api/app/dict/info/data');
    const person = urls.indexOf('/api/app/user/info/person');
    expect(person).toBeGreaterThanOrEqual(0);
    expect(urls.indexOf('/api/app/user/cart/count')).toBeGreaterThan(person);
    expect(sessionStore.getState().userInfo).toMatchObject({ nickname: 'Mei' });
    expect(queryClient.getQueryData(['dict', 'data'])).toMatchObject({ brand: [{ name: 'A' }] });
  });

  it('only refreshes the dictionaries for a visitor', async () => {
    sessionStore.logout();
    await launch();
    expect(urls).toEqual(['/api/app/dict/info/data']);
  });

  it("drops the previous user's cached data on logout but keeps the dictionaries", async () => {
    await launch();
    queryClient.setQueryData(['orders'], ['secret']);
    emit('logout');
    expect(queryClient.getQueryData(['orders'])).toBeUndefined();
    expect(queryClient.getQueryData(['dict', 'data'])).toBeTruthy();
  });

  it('refreshes the dictionaries only once the page has loaded: no first screen needs them (issue 12)', async () => {
    sessionStore.logout();
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const done = launch();
    await new Promise((r) => setTimeout(r, 20));
    expect(urls).toEqual([]);
    state.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await done;
    expect(urls).toEqual(['/api/app/dict/info/data']);
  });
});
