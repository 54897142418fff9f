import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, resolveLocale, type Locale } from '@simshop/contracts';
import { loadMessages, namespaces } from '../locales';
import { afterLoad } from './idle';

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

// Spec: Chinese falls back to Traditional Chinese, then English.
const FALLBACKS: { [lng in Locale | 'default']?: Locale[] } = {
  'zh-Hans': ['zh-Hant', 'en'],
  'zh-Hant': ['en'],
  default: ['en', 'zh-Hant'],
};

/** A language and the ones it falls back to, in order (i18next's fallback chain). */
export function languageChain(lng: Locale): Locale[] {
  return [...new Set([lng, ...(FALLBACKS[lng] ?? FALLBACKS.default ?? [])])];
}

/**
 * The languages to load before showing one: only itself. Every language has every key (the locales test),
 * so its fallbacks are never needed to draw a page; they follow in the background (issue 12: an English
 * browser downloaded the Traditional Chinese chunk before the first paint). Kept in step with
 * scripts/locale-preload.ts by its test.
 */
export function languagesToShow(lng: Locale): Locale[] {
  return [lng];
}

const loading = new Map<Locale, Promise<void>>();

function loadOne(l: Locale): Promise<void> {
  let p = loading.get(l);
  if (!p) {
    p = loadMessages(l).then((bundles) => {
      for (const [ns, messages] of Object.entries(bundles))
        i18n.addResourceBundle(l, ns, messages, true, true);
    });
    p.catch(() => loading.delete(l));
    loading.set(l, p);
  }
  return p;
}

/**
 * Makes a language usable: fetches its translations (each language once; a failed fetch is retried on the
 * next call), then, in the background once the page has loaded, those of its fallbacks (a safety net for a
 * key a language would lack). Translations are bundled per language and imported on demand, so the first
 * load carries one language.
 */
export function loadLanguage(lng: Locale): Promise<void> {
  return Promise.all(languagesToShow(lng).map(loadOne)).then(() => {
    afterLoad(() => {
      for (const l of languageChain(lng)) void loadOne(l).catch(() => undefined);
    });
  });
}

const initial = detectLanguage();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initial,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  fallbackLng: FALLBACKS,
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

/** Settles once the start-up language is loaded: render after it, so no raw key shows. */
export const i18nReady: Promise<void> = loadLanguage(initial);

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** The language of the UI now, as sent in the `language` header. */
export function currentLanguage(): Locale {
  const l = i18n.language;
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : resolveLocale(l);
}

let latestRequest: Locale | null = null;

/**
 * Switches the UI language once its translations are loaded, remembers it, and labels the document for
 * assistive tech. When switches overlap, the last one asked for wins.
 */
export async function setLanguage(lng: Locale): Promise<void> {
  latestRequest = lng;
  await loadLanguage(lng);
  if (latestRequest !== lng) return;
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
