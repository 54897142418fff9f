import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/antd-react19';
import './app/styles.css';
import { i18nReady } from './lib/i18n';
import { installRemScaling } from './lib/layout';
import { App } from './app/app';
import { launch } from './app/launch';
import { preloadFirstPage } from './app/router';

installRemScaling();
void launch();
const firstPage = preloadFirstPage(window.location.pathname);

// First render once the start-up language is loaded, so no untranslated key flashes (if it cannot be
// fetched, render anyway: the fallbacks or the keys beat a blank screen), and the first page's code, which
// loads beside it, so that render draws the page rather than an empty frame then the page (issue 12).
void Promise.all([i18nReady.catch(() => undefined), firstPage]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // a transition: React renders the first screen in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task that blocks input (issue 12, Lighthouse total blocking time)
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
