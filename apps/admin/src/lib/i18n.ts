// The console's five languages (the shop's: zh-Hans, zh-Hant, en, fr, es) through i18next. Every locale file has
// the keys of the English one (checked by `tsc` through Messages, and by locales.test.ts).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { LOCALES, resolveLocale, type Locale } from '@simshop/contracts';
import en from '../locales/en';
import es from '../locales/es';
import fr from '../locales/fr';
import zhHans from '../locales/zh-Hans';
import zhHant from '../locales/zh-Hant';
import { invoiceTexts } from '../locales/invoices';

/** A language's texts with those of the e-invoice page (locales/invoices.ts) merged in. */
const withInvoices = <M extends { menu: object }>(m: M, lang: Locale) => ({
  ...m,
  menu: { ...m.menu, ...invoiceTexts[lang].menu },
  invoices: invoiceTexts[lang].invoices,
});
export const MESSAGES = {
  'zh-Hans': withInvoices(zhHans, 'zh-Hans'),
  'zh-Hant': withInvoices(zhHant, 'zh-Hant'),
  en: withInvoices(en, 'en'),
  fr: withInvoices(fr, 'fr'),
  es: withInvoices(es, 'es'),
} as const;
export const LANGUAGE_KEY = 'admin.language';

/** Each language by its own name, for the language pickers. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  fr: 'Français',
  es: 'Español',
};

/** The saved language, else the browser's, else the default. */
export function initialLanguage(): Locale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  if (saved && (LOCALES as readonly string[]).includes(saved)) return saved as Locale;
  return resolveLocale(typeof navigator === 'undefined' ? null : navigator.language);
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(MESSAGES).map(([lang, messages]) => [lang, { translation: messages }]),
  ),
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export async function changeLanguage(lang: Locale) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Refine's translations (its buttons, notifications, page titles) come from the same messages. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const opts = (typeof options === 'object' && options ? options : {}) as Record<string, unknown>;
    const text = i18n.t(key, {
      ...opts,
      defaultValue: defaultMessage ?? (typeof options === 'string' ? options : key),
    });
    return String(text);
  },
  changeLocale: (lang: string) => changeLanguage(lang as Locale),
  getLocale: () => i18n.language,
};
