import { StrictMode } from 'react';
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
preloadFirstPage(window.location.pathname);

// First render once the start-up language is loaded, so no untranslated key flashes (if it cannot be
// fetched, render anyway: the fallbacks or the keys beat a blank screen).
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
