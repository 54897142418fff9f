import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LAZY_PAGE_DELAY_MS, LAZY_PAGE_TIMEOUT_MS } from '@simshop/contracts';
import { reloadApp } from '../lib/navigation';

export type PageModule = { default?: ComponentType } & Record<string, unknown>;
export type PageLoader = () => Promise<PageModule>;

/** The page component of a module: its default export, else its one exported component. */
function componentOf(mod: PageModule): ComponentType {
  if (mod.default) return mod.default;
  const fns = Object.values(mod).filter((v): v is ComponentType => typeof v === 'function');
  const [only] = fns;
  if (only && fns.length === 1) return only;
  throw new Error('A page module must export its page component as default');
}

/** Loading and failure states of a lazy page; the failure reloads the app, which also picks up a new deployment. */
export function PageStatus({ state }: { state: 'loading' | 'error' }) {
  const { t } = useTranslation();
  return (
    <main className="page-status" aria-busy={state === 'loading'}>
      {state === 'loading' ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span role="status">{t('common:loading')}</span>
        </>
      ) : (
        <button type="button" className="page-status-button" role="alert" onClick={reloadApp}>
          {t('common:loadFailedTapToRetry')}
        </button>
      )}
    </main>
  );
}

/** A lazily loaded page; `preload` starts loading it now (the page opened first, issue 12). */
export type LazyPageComponent = ComponentType & { preload: () => Promise<PageModule> };

/**
 * Wraps a dynamic import: nothing for the first 200 ms (fast loads never flash a spinner), then an indicator;
 * after 60 s or on failure, a tappable message that reloads the page. Once its module has loaded (or was
 * preloaded), the page renders in the same pass as the rest of the app.
 */
export function lazyPage(load: PageLoader): LazyPageComponent {
  let loaded: ComponentType | undefined;
  let pending: Promise<PageModule> | undefined;
  const start = () =>
    (pending ??= load()
      .then((mod) => {
        loaded = componentOf(mod);
        return mod;
      })
      .catch((err: unknown) => {
        pending = undefined; // a later visit tries again
        throw err;
      }));

  function LazyPage() {
    const [Loaded, setLoaded] = useState<ComponentType | undefined>(() => loaded);
    const [state, setState] = useState<'waiting' | 'loading' | 'error'>('waiting');

    useEffect(() => {
      if (Loaded) return;
      let alive = true;
      const delay = setTimeout(
        () => alive && setState((s) => (s === 'waiting' ? 'loading' : s)),
        LAZY_PAGE_DELAY_MS,
      );
      const timeout = setTimeout(() => alive && setState('error'), LAZY_PAGE_TIMEOUT_MS);
      start().then(
        () => alive && setLoaded(() => loaded),
        (err: unknown) => {
          console.error('[lazy page] failed to load', err);
          if (alive) setState('error');
        },
      );
      return () => {
        alive = false;
        clearTimeout(delay);
        clearTimeout(timeout);
      };
    }, [Loaded]);

    if (Loaded && state !== 'error') return <Loaded />;
    return state === 'waiting' ? null : <PageStatus state={state} />;
  }
  return Object.assign(LazyPage, { preload: start });
}
