import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/antd-react19';
import './app/styles.css';
import './lib/i18n';
import { installRemScaling } from './lib/layout';
import { App } from './app/app';
import { launch } from './app/launch';

installRemScaling();
void launch();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
