import { afterEach, describe, expect, it, vi } from 'vitest';
import { localePreloadScript } from '../../scripts/locale-preload';
import { detectLanguage, LANGUAGE_STORAGE_KEY, languagesToShow } from './i18n';

const CHUNKS = {
  en: '/assets/locale-en-1.js',
  es: '/assets/locale-es-1.js',
  fr: '/assets/locale-fr-1.js',
  'zh-Hans': '/assets/locale-zh-Hans-1.js',
  'zh-Hant': '/assets/locale-zh-Hant-1.js',
};

const PAGES = {
  '/pages/index/home': {
    js: ['/assets/home-1.js', '/assets/catalogue-1.js'],
    css: ['/assets/catalogue-1.css'],
  },
};

/** Runs the built script as index.html would, and answers the links it added (modulepreload by default). */
function preloaded(rel = 'modulepreload'): string[] {
  document.head.querySelectorAll('link').forEach((l) => l.remove());
  new Function(localePreloadScript(CHUNKS, LANGUAGE_STORAGE_KEY, PAGES))();
  return [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((l) =>
    l.getAttribute('href')!,
  );
}
const localeLinks = () => preloaded().filter((h) => h.includes('/locale-'));

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
    'browser language %j: the chunk of the language the app starts in, not its fallbacks',
    (tag) => {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(tag);
      const shown = languagesToShow(detectLanguage());
      expect(shown).toEqual([detectLanguage()]);
      expect(localeLinks()).toEqual(shown.map((l) => CHUNKS[l]));
    },
  );

  it.each(['fr', 'zh-Hant', 'nonsense'])(
    'saved choice %j wins over the browser language as in the app',
    (saved) => {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
      localStorage.setItem(LANGUAGE_STORAGE_KEY, saved);
      expect(localeLinks()).toEqual(languagesToShow(detectLanguage()).map((l) => CHUNKS[l]));
    },
  );

  it.each(['/', '/pages/index/home', '/pages/index/home/'])(
    'on %j it also asks for the code and CSS of home; on another page only for the language',
    (path) => {
      window.history.replaceState(null, '', path);
      expect(preloaded().filter((h) => !h.includes('/locale-'))).toEqual(PAGES['/pages/index/home'].js);
      expect(preloaded('stylesheet')).toEqual(PAGES['/pages/index/home'].css);
      window.history.replaceState(null, '', '/pages/goods/detail?id=1');
      expect(preloaded().filter((h) => !h.includes('/locale-'))).toEqual([]);
      expect(preloaded('stylesheet')).toEqual([]);
    },
  );

  it('does not name again what the server already named in the page', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    window.history.replaceState(null, '', '/pages/index/home');
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    const served = document.createElement('link');
    served.rel = 'modulepreload';
    served.setAttribute('href', CHUNKS.en);
    document.head.append(served);
    new Function(localePreloadScript(CHUNKS, LANGUAGE_STORAGE_KEY, PAGES))();
    const hrefs = [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
    expect(hrefs.filter((h) => h === CHUNKS.en)).toHaveLength(1);
    expect(hrefs).toEqual(
      expect.arrayContaining([...PAGES['/pages/index/home'].js, ...PAGES['/pages/index/home'].css]),
    );
  });
});
