import { describe, expect, it } from 'vitest';
import { regionalFormat, resolveLocale } from './constants';
import { nickname } from './user';
import { charCount } from './validators';

describe('resolveLocale', () => {
  it('keeps the five supported locales as they are', () => {
    for (const l of ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr']) expect(resolveLocale(l)).toBe(l);
  });
  it('maps regional Chinese tags to the right script', () => {
    expect(resolveLocale('zh-TW')).toBe('zh-Hant');
    expect(resolveLocale('zh_HK')).toBe('zh-Hant');
    expect(resolveLocale('zh-CN')).toBe('zh-Hans');
  });
  it('falls back by prefix to French or Spanish, else the default', () => {
    expect(resolveLocale('fr-CA')).toBe('fr');
    expect(resolveLocale('es-MX')).toBe('es');
    expect(resolveLocale('en-GB')).toBe('en');
    expect(resolveLocale('de')).toBe('zh-Hans');
    expect(resolveLocale(undefined)).toBe('zh-Hans');
  });
  it('gives the regional formats of the spec', () => {
    expect(regionalFormat('zh-Hant')).toBe('zh-tw');
    expect(regionalFormat('zh-Hans')).toBe('zh-cn');
  });
});

describe('nickname rule', () => {
  it('counts each Chinese character as one', () => {
    expect(charCount('旅行者小明')).toBe(5);
    expect(nickname.safeParse('一二三四五六七八九十一二三四五六').success).toBe(true);
    expect(nickname.safeParse('一二三四五六七八九十一二三四五六七').success).toBe(false);
  });
  it('is required', () => {
    expect(nickname.safeParse('   ').success).toBe(false);
  });
});
