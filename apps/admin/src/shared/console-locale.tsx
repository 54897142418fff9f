import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
// antd's ES modules: `antd/locale/*` are CommonJS files whose default import, from this ES package, is the
// module object rather than the locale, so antd fell back to English ("No data", "Preview", "Start date")
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import frFR from 'antd/es/locale/fr_FR';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/fr';
import 'dayjs/locale/es';
import type { Locale } from '@simshop/contracts';

/** antd's texts and dayjs's calendar language for each console language. */
export const ANTD_LOCALES: Record<Locale, [AntdLocale, string]> = {
  'zh-Hans': [zhCN, 'zh-cn'],
  'zh-Hant': [zhTW, 'zh-tw'],
  en: [enUS, 'en'],
  fr: [frFR, 'fr'],
  es: [esES, 'es'],
};

const isLocale = (lang: string): lang is Locale => Object.hasOwn(ANTD_LOCALES, lang);

/**
 * The UI library in the operator's language: its own words (empty tables, pagers, pickers, image previews)
 * and the date pickers' calendars. The app and the page tests wrap the console in it.
 */
export function ConsoleLocale({ lang, children }: { lang: string; children: ReactNode }) {
  const [antdLocale, dayjsLocale] = ANTD_LOCALES[isLocale(lang) ? lang : 'en'];
  dayjs.locale(dayjsLocale);
  return (
    <ConfigProvider locale={antdLocale} theme={{ token: { colorPrimary: '#e4393c' } }}>
      {children}
    </ConfigProvider>
  );
}
