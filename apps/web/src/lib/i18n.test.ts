import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, i18n, i18nReady, LANGUAGE_STORAGE_KEY, languageChain, setLanguage, t } from './i18n';

afterEach(() => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  vi.restoreAllMocks();
});

describe('i18n', () => {
  // Runs first: the test environment starts in English (the browser language of jsdom).
  it('starts with only the start-up language, its fallbacks once the page has loaded, and another on demand', async () => {
    await i18nReady;
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    // every language is complete: its fallback (zh-Hant) is not waited for, it follows in the background
    for (const l of ['zh-Hant', 'zh-Hans', 'es', 'fr'])
      expect(i18n.hasResourceBundle(l, 'common')).toBe(false);
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(i18n.hasResourceBundle('zh-Hant', 'common')).toBe(true));
    for (const l of ['zh-Hans', 'es', 'fr']) expect(i18n.hasResourceBundle(l, 'common')).toBe(false);

    await setLanguage('fr');
    expect(i18n.hasResourceBundle('fr', 'common')).toBe(true);
    expect(t('common:tabs.cart')).toBe('Panier');
  });

  it('loads a language with the languages it falls back to', () => {
    expect(languageChain('zh-Hans')).toEqual(['zh-Hans', 'zh-Hant', 'en']);
    expect(languageChain('zh-Hant')).toEqual(['zh-Hant', 'en']);
    expect(languageChain('es')).toEqual(['es', 'en', 'zh-Hant']);
    expect(languageChain('en')).toEqual(['en', 'zh-Hant']);
  });

  it('ends on the last language chosen when switches overlap', async () => {
    // zh-Hans still has to be fetched while en is ready: the later choice must not be overtaken.
    const first = setLanguage('zh-Hans');
    const second = setLanguage('en');
    await Promise.all([first, second]);
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('common:tabs.cart')).toBe('Shopping cart');
  });

  it("picks the browser's language by prefix, and the default (zh-Hans) for others", () => {
    const lang = vi.spyOn(navigator, 'language', 'get');
    lang.mockReturnValue('fr-CA');
    expect(detectLanguage()).toBe('fr');
    lang.mockReturnValue('es-419');
    expect(detectLanguage()).toBe('es');
    lang.mockReturnValue('zh-TW');
    expect(detectLanguage()).toBe('zh-Hant');
    lang.mockReturnValue('de-DE');
    expect(detectLanguage()).toBe('zh-Hans');
  });

  it('remembers the chosen language over the browser language', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    await setLanguage('es');
    expect(detectLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(t('common:tabs.cart')).toBe('Carrito');
  });

  it('falls back from Simplified Chinese to Traditional Chinese, then English', async () => {
    await setLanguage('zh-Hans');
    i18n.addResource('zh-Hant', 'common', 'onlyHant', '僅繁體');
    i18n.addResource('en', 'common', 'onlyEn', 'English only');
    expect(t('common:onlyHant')).toBe('僅繁體');
    expect(t('common:onlyEn')).toBe('English only');
  });
});
