import { afterEach, describe, expect, it, vi } from 'vitest';
import { localePreloadScript } from '../../scripts/locale-preload';
import { detectLanguage, LANGUAGE_STORAGE_KEY, languageChain } from './i18n';

const CHUNKS = {
  en: '/assets/locale-en-1.js',
  es: '/assets/locale-es-1.js',
  fr: '/assets/locale-fr-1.js',
  'zh-Hans': '/assets/locale-zh-Hans-1.js',
  'zh-Hant': '/assets/locale-zh-Hant-1.js',
};

/** Runs the built script as index.html would, and answers the chunks it asked for. */
function preloaded(): string[] {
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((l) => l.remove());
  new Function(localePreloadScript(CHUNKS, LANGUAGE_STORAGE_KEY))();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href')!,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

// Issue 12: index.html asks for the start-up language's chunks before the entry runs: the same languages
// the app then loads (lib/i18n), or the preload is wasted and the first paint waits for them anyway.
describe('locale preload script', () => {
  const tags = [
    'en-US',
    'en',
    'fr-FR',
    'es-419',
    'zh-TW',
    'zh-HK',
    'zh-CN',
    'zh',
    'zh_Hant',
    'de-DE',
    'ja',
    '',
  ];
  it.each(tags)(
    'browser language %j: the chunks of the language the app starts in and its fallbacks',
    (tag) => {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(tag);
      const chain = languageChain(detectLanguage());
      expect(preloaded()).toEqual(chain.map((l) => CHUNKS[l]));
    },
  );

  it.each(['fr', 'zh-Hant', 'nonsense'])(
    'saved choice %j wins over the browser language as in the app',
    (saved) => {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
      localStorage.setItem(LANGUAGE_STORAGE_KEY, saved);
      expect(preloaded()).toEqual(languageChain(detectLanguage()).map((l) => CHUNKS[l]));
    },
  );
});
