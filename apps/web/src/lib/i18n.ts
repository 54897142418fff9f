import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, resolveLocale, type Locale } from '@simshop/contracts';
import { namespaces, resources } from '../locales';

export const LANGUAGE_STORAGE_KEY = 'language';

/** The saved choice, else the browser's language, else the default (zh-Hans). */
export function detectLanguage(): Locale {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // storage blocked: fall through to the browser's language
  }
  if (saved && (LOCALES as readonly string[]).includes(saved)) return saved as Locale;
  const tag = typeof navigator === 'undefined' ? null : navigator.language;
  return tag ? resolveLocale(tag) : DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  // Spec: Chinese falls back to Traditional Chinese, then English.
  fallbackLng: { 'zh-Hans': ['zh-Hant', 'en'], 'zh-Hant': ['en'], default: ['en', 'zh-Hant'] },
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** The language of the UI now, as sent in the `language` header. */
export function currentLanguage(): Locale {
  const l = i18n.language;
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : resolveLocale(l);
}

/** Switches the UI language, remembers it, and labels the document for assistive tech. */
export async function setLanguage(lng: Locale): Promise<void> {
  await i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // not persisted; the switch still applies to this visit
  }
  document.documentElement.lang = lng;
}

/** Translate outside React (request errors, toasts). */
export const t = i18n.t.bind(i18n);

export { i18n };
