import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Refine } from '@refinedev/core';
import { useNotificationProvider } from '@refinedev/antd';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp } from 'antd';
import { render } from '@testing-library/react';
import { accessControlOf } from '../lib/access';
import { authProvider, currentAreas } from '../lib/auth-provider';
import { dataProvider } from '../lib/data-provider';
import { i18n, i18nProvider } from '../lib/i18n';
import { buildResources } from '../app/resources';
import { ConsoleLocale } from '../shared/console-locale';

/** Renders console pages inside Refine and the UI library's locale (the app's providers) at `path`, with `routes` as the page routes. */
export function renderConsole(routes: ReactNode, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleLocale lang={i18n.language}>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlOf(currentAreas)}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={buildResources((k) => i18n.t(k))}
            options={{
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            <Routes>{routes}</Routes>
          </Refine>
        </AntdApp>
      </ConsoleLocale>
    </MemoryRouter>,
  );
}
export { Route };
