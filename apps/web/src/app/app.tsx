import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { Locale } from '@simshop/contracts';
import { queryClient } from '../lib/query-client';
import { AppRouter } from './router';

/** antd-mobile's built-in texts in the UI language. */
const ANTD_LOCALES: Record<Locale, typeof enUS> = {
  'zh-Hans': zhCN,
  'zh-Hant': zhTW,
  en: enUS,
  es: esES,
  fr: frFR,
};

export function App() {
  const { i18n } = useTranslation();
  const locale = ANTD_LOCALES[i18n.language as Locale] ?? zhCN;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>
        <AppRouter />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
