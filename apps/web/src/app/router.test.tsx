import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { setTabBadge, showTabRedDot, hideTabRedDot } from '../lib/tab-bar-store';
import { AppRoutes, pageLoaders } from './router';
import { isWhitelisted, pageFileOf, ROUTES } from './routes';

/** What the tests read from the router: where it is, and a way to move. */
const router = { location: null as unknown as Location, navigate: null as unknown as NavigateFunction };
function Probe() {
  router.location = useLocation();
  router.navigate = useNavigate();
  return null;
}
function open(path: string) {
  // Real pages read server state through TanStack Query, as in the app.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return router;
}
const signIn = () =>
  sessionStore.setTokens({ token: 'access', expire: 7200, refreshToken: 'refresh', refreshExpire: 2592000 });
const signOut = () => sessionStore.setTokens({ token: '', expire: 0, refreshToken: '', refreshExpire: 0 });

beforeAll(() => setLanguage('en'));
beforeEach(() => signOut());

describe('routes', () => {
  it('has a page file for every route of the spec, at the path that mirrors it', () => {
    const missing = ROUTES.map((r) => pageFileOf(r.path)).filter((f) => !pageLoaders[f]);
    expect(missing).toEqual([]);
  });

  it('lets a visitor without a token reach exactly the whitelisted paths', () => {
    for (const p of [
      '/',
      '/pages/index/home',
      '/pages/index/my',
      '/pages/index/category',
      '/pages/user/login',
      '/pages/user/register',
    ])
      expect(isWhitelisted(p)).toBe(true);
    for (const p of ['/pages/user/captcha', '/pages/user/doc', '/pages/index/website', '/pages/index/admin'])
      expect(isWhitelisted(p)).toBe(true);
    expect(isWhitelisted('/pages/demo/anything/here')).toBe(true);
    for (const p of [
      '/pages/index/shopping-cart',
      '/pages/user/set',
      '/pages/order/list',
      '/pages/user/edit-profile',
    ])
      expect(isWhitelisted(p)).toBe(false);
  });
});

describe('route guard', () => {
  it('sends a visitor without a token to login, remembering the page and its query', async () => {
    const router = open('/pages/order/list?status=1');
    await act(async () => {});
    expect(router.location.pathname).toBe('/pages/user/login');
    expect(new URLSearchParams(router.location.search).get('redirect')).toBe('/pages/order/list?status=1');
  });

  it('lets a visitor open a whitelisted tab page', async () => {
    const router = open('/pages/index/category');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category' })).toBeTruthy();
    expect(router.location.pathname).toBe('/pages/index/category');
  });

  it('lets a visitor open the register page, and still sends them from a neighbouring account page to login', async () => {
    const router = open('/pages/user/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeTruthy();
    expect(router.location.pathname).toBe('/pages/user/register');
    cleanup();

    const again = open('/pages/user/edit-profile');
    await act(async () => {});
    expect(again.location.pathname).toBe('/pages/user/login');
    expect(new URLSearchParams(again.location.search).get('redirect')).toBe('/pages/user/edit-profile');
  });

  it('lets a logged-in user open any page', async () => {
    signIn();
    open('/pages/order/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows a not-found page for an unknown address', async () => {
    signIn();
    open('/pages/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

describe('tab bar', () => {
  it('shows the four tabs in order on tab pages, the current one marked', async () => {
    open('/pages/index/category');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Category', 'Shopping cart', 'My']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/',
      '/pages/index/category',
      '/pages/index/shopping-cart',
      '/pages/index/my',
    ]);
    expect(links[1]?.getAttribute('aria-current')).toBe('page');
    expect(links[0]?.getAttribute('aria-current')).toBeNull();
  });

  it('shows the cart count as a badge and a red dot on request', async () => {
    open('/pages/index/category');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    act(() => setTabBadge(2, 3));
    expect(within(nav).getByRole('link', { name: 'Shopping cart, 3 items' })).toBeTruthy();
    act(() => showTabRedDot(3));
    expect(within(nav).getByRole('link', { name: 'My, New' })).toBeTruthy();
    act(() => {
      setTabBadge(2, 0);
      hideTabRedDot(3);
    });
    expect(within(nav).getByRole('link', { name: 'Shopping cart' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'My' })).toBeTruthy();
  });

  it('switches tabs', async () => {
    signIn();
    const router = open('/pages/index/category');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Shopping cart' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping cart' })).toBeTruthy();
    expect(router.location.pathname).toBe('/pages/index/shopping-cart');
  });
});

describe('title bar', () => {
  it('goes home when the back button is pressed on the only page in the stack', async () => {
    signIn();
    const router = open('/pages/goods/search');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await act(async () => {});
    expect(router.location.pathname).toBe('/');
  });

  it('says "New address" when adding an address and "Edit address" when changing one', async () => {
    signIn();
    open('/pages/user/address-edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'New address' })).toBeTruthy();
    cleanup();
    open('/pages/user/address-edit?id=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit address' })).toBeTruthy();
  });

  it('goes back one page otherwise', async () => {
    signIn();
    const router = open('/pages/order/list');
    await screen.findByRole('heading', { level: 1, name: 'My orders' });
    await act(async () => router.navigate('/pages/order/detail?id=1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await act(async () => {});
    expect(router.location.pathname).toBe('/pages/order/list');
  });
});
