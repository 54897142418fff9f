/**
 * A tiny classic script run from index.html before the app's entry (issue 12): it picks the start-up language
 * as the app will (lib/i18n detectLanguage: the saved choice, else the browser's language) and asks for its
 * translation chunk at once with `<link rel="modulepreload">` (only that language: lib/i18n languagesToShow).
 * Without it the chunks were only requested once the entry and the framework chunk had downloaded and run. A wrong guess costs
 * one unused download, never a wrong language: the app loads what it needs itself. Kept in step with
 * lib/i18n by its test.
 */
export type LocaleChunks = Record<string, string>;
/** Per page path: its chunk and the chunks it imports that the entry does not, and its CSS. */
export type PageChunks = Record<string, { js: string[]; css: string[] }>;

/**
 * The script's source for these chunk URLs (language -> `/assets/locale-<lang>-<hash>.js`). With `pages`, it
 * also asks for the code and CSS of the page opened (`/` is `home`), which the entry only asked for once it
 * had run.
 */
export function localePreloadScript(
  chunks: LocaleChunks,
  storageKey = 'language',
  pages: PageChunks = {},
  home = '/pages/index/home',
): string {
  const body = (
    chunks: Record<string, string>,
    key: string,
    pages: Record<string, { js: string[]; css: string[] }>,
    home: string,
  ) => {
    const add = (rel: string, href: string) => {
      // the server may have named it in the page already (apps/server platform/static)
      for (const l of document.head.querySelectorAll('link')) if (l.getAttribute('href') === href) return;
      const link = document.createElement('link');
      link.rel = rel;
      if (rel === 'modulepreload') link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    };
    const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
    const page = pages[path === '/' || path === '' ? home : path];
    if (page) {
      for (const href of page.css) add('stylesheet', href);
      for (const href of page.js) add('modulepreload', href);
    }
    const locales = Object.keys(chunks);
    let lang: string | null = null;
    try {
      lang = localStorage.getItem(key);
    } catch {
      lang = null;
    }
    if (!lang || !locales.includes(lang)) {
      const tag = (navigator.language || '').trim().toLowerCase().replace('_', '-');
      const exact = locales.find((l) => l.toLowerCase() === tag);
      if (exact) lang = exact;
      else if (!tag) lang = 'zh-Hans';
      else if (tag.startsWith('zh')) lang = /hant|tw|hk|mo/.test(tag) ? 'zh-Hant' : 'zh-Hans';
      else if (tag.startsWith('en')) lang = 'en';
      else if (tag.startsWith('es')) lang = 'es';
      else if (tag.startsWith('fr')) lang = 'fr';
      else lang = 'zh-Hans';
    }
    // only the language itself: the app loads its fallbacks later, in the background (lib/i18n languagesToShow)
    const href = chunks[lang];
    if (href) add('modulepreload', href);
  };
  const args = [chunks, storageKey, pages, home].map((a) => JSON.stringify(a)).join(', ');
  return `(${body.toString()})(${args});\n`;
}
