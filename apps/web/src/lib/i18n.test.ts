import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, i18n, LANGUAGE_STORAGE_KEY, setLanguage, t } from './i18n';

afterEach(() => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  vi.restoreAllMocks();
});

describe('i18n', () => {
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
