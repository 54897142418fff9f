import { useLayoutEffect } from 'react';
import {
  BrowserRouter,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { loginUrl, setNavigator } from '../lib/navigation';
import { useSession } from '../lib/session';
import { lazyPage, type LazyPageComponent, type PageLoader, type PageModule } from './lazy-page';
import { HOME, ROUTES, canonicalPath, isWhitelisted, pageFileOf, tabIndexOf, type RouteDef } from './routes';
import { TabBar } from './tab-bar';
import { NotFound, UnderConstruction } from './under-construction';

// Every page file, each its own chunk, loaded on first visit.
const modules = import.meta.glob<PageModule>([
  '../pages/**/*.tsx',
  '../uni_modules/*/pages/**/*.tsx',
  '!../**/*.test.tsx',
]);

/** Page loaders keyed by source path relative to src, e.g. `pages/order/detail.tsx`. */
export const pageLoaders: Record<string, PageLoader> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [file.replace(/^\.\.\//, ''), load]),
);

/** The lazy page component of each route path, made once (buildRoutes). */
const lazyPages = new Map<string, LazyPageComponent>();

function pageComponent(def: RouteDef) {
  const load = pageLoaders[pageFileOf(def.path)];
  if (load) {
    const page = lazyPage(load);
    lazyPages.set(def.path, page);
    return page;
  }
  // The file is missing (a test reports it): stay usable rather than crash.
  return function Missing() {
    return <UnderConstruction path={def.path} />;
  };
}

/**
 * Starts loading the page the app opens on, beside the language, and runs its `preload` export when it has
 * one (catalogue pages ask for their data and first picture): issue 12, the largest paint came only after
 * the language, then the page's code, then its data, one after the other. Settles once the page's code is
 * loaded (never rejects), so the first render can draw the page itself rather than an empty frame first.
 */
export function preloadFirstPage(pathname: string): Promise<void> {
  const page = lazyPages.get(canonicalPath(pathname));
  if (!page) return Promise.resolve();
  return page
    .preload()
    .then((mod) => {
      if (typeof mod.preload === 'function')
        void Promise.resolve((mod.preload as () => unknown)()).catch(() => undefined);
    })
    .catch(() => undefined); // the page reports its own failure when it renders
}

/** A new page starts at the top; going back keeps the browser's own scroll restoration. */
function useScrollToTopOnPush(pathname: string) {
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
}

/** Route guard and tab bar around every page. */
export function Shell() {
  const { pathname, search } = useLocation();
  const { token } = useSession();
  useScrollToTopOnPush(pathname);
  if (!token && !isWhitelisted(pathname)) return <Navigate to={loginUrl(pathname + search)} replace />;
  const tab = tabIndexOf(pathname);
  return (
    <div className={tab >= 0 ? 'app-has-tab-bar' : undefined}>
      <Outlet />
      {tab >= 0 ? <TabBar active={tab} /> : null}
    </div>
  );
}

/** The route table: every spec route at its exact path, `/` as home's alias, and a not-found page. */
export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTES.map((def) => {
    const Component = pageComponent(def);
    return { path: def.path, element: <Component /> };
  });
  const Home = children.find((c) => c.path === HOME)!.element;
  return [
    {
      element: <Shell />,
      children: [{ path: '/', element: Home }, ...children, { path: '*', element: <NotFound /> }],
    },
  ];
}

const routes = buildRoutes();

/** Every route of the app; render inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  const navigate = useNavigate();
  // Lets the session and request client navigate from outside React.
  useLayoutEffect(() => setNavigator((to, options) => void navigate(to, options)), [navigate]);
  return useRoutes(routes);
}

/**
 * History-mode routing with base `/`. Declarative mode on purpose: the data router (createBrowserRouter)
 * would add ~18 KB gzip to every first load for loaders and actions this app does not use (TanStack Query does that job).
 */
export function AppRouter() {
  return (
    <BrowserRouter basename="/">
      <AppRoutes />
    </BrowserRouter>
  );
}
