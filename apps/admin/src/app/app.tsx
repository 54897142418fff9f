import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { Authenticated, CanAccess, Refine } from '@refinedev/core';
import {
  ThemedLayout,
  ThemedSider,
  ThemedTitle,
  useNotificationProvider,
  ErrorComponent,
} from '@refinedev/antd';
import routerProvider, { CatchAllNavigate, NavigateToResource } from '@refinedev/react-router';
import { App as AntdApp, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { accessControlOf } from '../lib/access';
import { authProvider, currentAreas } from '../lib/auth-provider';
import { dataProvider } from '../lib/data-provider';
import { i18n, i18nProvider } from '../lib/i18n';
import { setSessionEndHandler } from '../lib/request';
import { ConsoleLocale } from '../shared/console-locale';
import { AppHeader } from './header';
import { buildResources } from './resources';

/** A page loaded on first visit: its module's named component as a lazy default. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({
    default: (await load())[name] as React.ComponentType<Record<string, unknown>>,
  }));
}

const LoginPage = page(() => import('../pages/login'), 'LoginPage');
const PasswordPage = page(() => import('../pages/password'), 'PasswordPage');
const DashboardPage = page(() => import('../pages/dashboard'), 'DashboardPage');
const GoodsList = page(() => import('../pages/catalogue/goods-list'), 'GoodsList');
const GoodsEdit = page(() => import('../pages/catalogue/goods-edit'), 'GoodsEdit');
const StockLogList = page(() => import('../pages/catalogue/stock-log'), 'StockLogList');
const SaleTypeList = page(() => import('../pages/catalogue/sale-types'), 'SaleTypeList');
const BannerList = page(() => import('../pages/catalogue/banners'), 'BannerList');
const KeywordList = page(() => import('../pages/catalogue/keywords'), 'KeywordList');
const CouponList = page(() => import('../pages/catalogue/coupons'), 'CouponList');
const PlanSync = page(() => import('../pages/catalogue/plan-sync'), 'PlanSync');
const OrderList = page(() => import('../pages/orders/order-list'), 'OrderList');
const OrderShow = page(() => import('../pages/orders/order-show'), 'OrderShow');
const TransferList = page(() => import('../pages/orders/transfers'), 'TransferList');
const PaymentList = page(() => import('../pages/orders/payments'), 'PaymentList');
const DeliveryList = page(() => import('../pages/orders/deliveries'), 'DeliveryList');
const InvoicePage = page(() => import('../pages/invoices/invoices'), 'InvoicePage');
const CustomerList = page(() => import('../pages/customers/customers'), 'CustomerList');
const RealNameList = page(() => import('../pages/customers/real-name'), 'RealNameList');
const CompanyList = page(() => import('../pages/customers/companies'), 'CompanyList');
const ChatInbox = page(() => import('../pages/care/chat'), 'ChatInbox');
const CareList = lazy(async () => ({ default: (await import('../pages/care/care-list')).CareList }));
const VersionList = page(() => import('../pages/content/versions'), 'VersionList');
const AgreementList = page(() => import('../pages/content/agreements'), 'AgreementList');
const DictList = page(() => import('../pages/content/dictionaries'), 'DictList');
const AuditList = page(() => import('../pages/audit'), 'AuditList');
const OperatorList = page(() => import('../pages/operators'), 'OperatorList');

const accessControlProvider = accessControlOf(currentAreas);

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>{children}</Suspense>;
}

/** Ends the session where the request client says so (refresh refused, token rejected). */
function SessionEnd() {
  useEffect(() => {
    setSessionEndHandler(() => {
      if (!window.location.pathname.endsWith('/login')) window.location.assign('/admin/login');
    });
  }, []);
  return null;
}

export function App() {
  const { i18n: instance } = useTranslation(undefined, { i18n });
  const [lang, setLang] = useState(instance.language);
  useEffect(() => {
    const on = (l: string) => setLang(l);
    instance.on('languageChanged', on);
    return () => instance.off('languageChanged', on);
  }, [instance]);
  const resources = useMemo(() => buildResources((k) => instance.t(k, { lng: lang })), [instance, lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  return (
    <BrowserRouter basename="/admin">
      <ConsoleLocale lang={lang}>
        <AntdApp>
          <SessionEnd />
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              disableTelemetry: true,
              warnWhenUnsavedChanges: false,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
              title: { text: 'SimShop', icon: null },
            }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                    <ThemedLayout
                      Header={AppHeader}
                      Sider={(props) => <ThemedSider {...props} render={({ items }) => items} />}
                      Title={({ collapsed }) => (
                        <ThemedTitle collapsed={collapsed} text={i18n.t('app.title')} />
                      )}
                    >
                      <Lazy>
                        {/* a page outside the operator's areas, opened by its address: said plainly, not a
                            page that fills with refusals (the server refuses its calls either way) */}
                        <CanAccess
                          fallback={<Result status="403" title={i18n.t('buttons.notAccessTitle')} />}
                        >
                          <Outlet />
                        </CanAccess>
                      </Lazy>
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                <Route index element={<DashboardPage />} />
                <Route path="/password" element={<PasswordPage />} />
                <Route path="/goods">
                  <Route index element={<GoodsList />} />
                  <Route path="create" element={<GoodsEdit />} />
                  <Route path="edit/:id" element={<GoodsEdit />} />
                </Route>
                <Route path="/stock-log" element={<StockLogList />} />
                <Route path="/sale-types" element={<SaleTypeList />} />
                <Route path="/banners" element={<BannerList />} />
                <Route path="/keywords" element={<KeywordList />} />
                <Route path="/coupons" element={<CouponList />} />
                <Route path="/plan-sync" element={<PlanSync />} />
                <Route path="/orders">
                  <Route index element={<OrderList />} />
                  <Route path="show/:id" element={<OrderShow />} />
                </Route>
                <Route path="/transfers" element={<TransferList />} />
                <Route path="/payments" element={<PaymentList />} />
                <Route path="/deliveries" element={<DeliveryList />} />
                <Route path="/invoices" element={<InvoicePage />} />
                <Route path="/customers" element={<CustomerList />} />
                <Route path="/real-name" element={<RealNameList />} />
                <Route path="/companies" element={<CompanyList />} />
                <Route path="/chat" element={<ChatInbox />} />
                <Route path="/complaints" element={<CareList kind="complain" />} />
                <Route path="/feedback" element={<CareList kind="feedback" />} />
                <Route path="/versions" element={<VersionList />} />
                <Route path="/agreements" element={<AgreementList />} />
                <Route path="/dictionaries" element={<DictList />} />
                <Route path="/audit" element={<AuditList />} />
                <Route path="/operators" element={<OperatorList />} />
                <Route path="*" element={<ErrorComponent />} />
              </Route>
              <Route
                element={
                  <Authenticated key="signin" fallback={<Outlet />}>
                    <NavigateToResource resource="dashboard" />
                  </Authenticated>
                }
              >
                <Route
                  path="/login"
                  element={
                    <Lazy>
                      <LoginPage />
                    </Lazy>
                  }
                />
              </Route>
            </Routes>
          </Refine>
        </AntdApp>
      </ConsoleLocale>
    </BrowserRouter>
  );
}
