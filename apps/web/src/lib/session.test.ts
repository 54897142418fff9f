import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from './events';
import { setLanguage } from './i18n';
import { redirectTarget, setNavigator } from './navigation';
import { sessionStore } from './session';
import { tabBarStore } from './tab-bar-store';

const navigate = vi.fn();
const profile = { id: 'u1', nickname: 'Mei', phone: '+886912345678' };
const tokens = { token: 'access', expire: 7200, refreshToken: 'refresh', refreshExpire: 2592000 };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 1000, data, message: 'success' }), { status: 200 });
let cartCount: () => Response;
const urls: string[] = [];

beforeAll(async () => {
  await setLanguage('en');
  setNavigator(navigate);
});

beforeEach(() => {
  navigate.mockReset();
  urls.length = 0;
  cartCount = () => ok({ count: 3, quantity: 3 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/app/user/info/person') return ok(profile);
      if (url === '/api/app/user/cart/count') return cartCount();
      return new Response('', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('session', () => {
  it('login stores the tokens, loads the profile then the cart count, emits afterLogin, and returns to the page before login', async () => {
    window.history.replaceState(null, '', '/pages/user/login?redirect=%2Fpages%2Fuser%2Fset%3Ftab%3D2');
    const seen: string[] = [];
    const stop = on('afterLogin', (type) => seen.push(type));
    await sessionStore.login(tokens, 'sms');
    stop();
    expect(urls).toEqual(['/api/app/user/info/person', '/api/app/user/cart/count']);
    expect(localStorage.getItem('token')).toBe('access');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(profile);
    expect(tabBarStore.getState()[2]?.badge).toBe('3');
    expect(seen).toEqual(['sms']);
    expect(navigate).toHaveBeenCalledWith('/pages/user/set?tab=2', { replace: true });
  });

  it('goes home after login when there was no page before, and a missing cart API does not block login', async () => {
    window.history.replaceState(null, '', '/pages/user/login');
    cartCount = () => new Response('', { status: 404 });
    await sessionStore.login(tokens, 'password');
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(sessionStore.getState().userInfo).toEqual(profile);
  });

  it('logout clears user info, token and refresh token and relaunches to login', () => {
    sessionStore.setTokens(tokens);
    sessionStore.logout();
    expect(sessionStore.getState()).toMatchObject({ token: null, refreshToken: null, userInfo: null });
    for (const k of ['token', 'refreshToken', 'userInfo', 'tokenExpire', 'refreshTokenExpire'])
      expect(localStorage.getItem(k)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/pages/user/login', { replace: true });
    expect(tabBarStore.getState()[2]?.badge).toBeNull();
  });

  it('never redirects to another site or back to the login page after login', () => {
    expect(redirectTarget('?redirect=//evil.example/x')).toBe('/');
    expect(redirectTarget('?redirect=https://evil.example/')).toBe('/');
    expect(redirectTarget('?redirect=/pages/user/login%3Fredirect%3D%2F')).toBe('/');
    expect(redirectTarget('?redirect=%2Fpages%2Forder%2Flist')).toBe('/pages/order/list');
  });
});
