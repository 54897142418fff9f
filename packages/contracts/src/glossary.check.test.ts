import { describe, expect, it } from 'vitest';
import {
  codeFallbacks,
  flattenMessages,
  foreignWords,
  isRawCode,
  offGlossary,
  untranslated,
} from './glossary.check';

// The check the shop's and the console's locale tests share: it must catch what issue 27 found.

describe('the untranslated-text check', () => {
  it('catches English left in a translated table, and lets brands and units through', () => {
    const en = new Map([
      ['a:preview', 'Preview'],
      ['a:brand', 'Apple Pay'],
    ]);
    const zh = new Map([
      ['a:preview', 'Preview'],
      ['a:brand', 'Apple Pay'],
      ['a:mixed', '上網 5 GB'],
    ]);
    expect(untranslated('zh-Hant', zh, en)).toEqual(['zh-Hant a:preview = Preview']);
    expect(untranslated('fr', new Map([['a:preview', 'Preview']]), en)).toEqual(['fr a:preview = Preview']);
    // a word French shares with English is not a leftover
    expect(untranslated('fr', new Map([['a:total', 'Total']]), new Map([['a:total', 'Total']]))).toEqual([]);
  });

  it('finds English words on a Chinese screen: "No data", "Preview", an en-US date', () => {
    expect(foreignWords('暫無數據 No data')).toEqual(['data']);
    expect(foreignWords('預覽 Preview eSIM 5 GB')).toEqual(['Preview']);
    expect(foreignWords('Nov 28, 2026, 8:22 AM')).toEqual(['Nov']);
    expect(foreignWords('2026/11/28 上午8:22 · 錢包餘額 Apple Pay')).toEqual([]);
  });

  it('finds raw codes and code fallbacks', () => {
    expect(['no_longer_needed', '5', 'refund_approve', '不想要了'].map(isRawCode)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(
      codeFallbacks({
        'a.tsx': 't(`x.${c}`, { defaultValue: c })',
        'b.tsx': "t('x', { defaultValue: '-' })",
      }),
    ).toEqual(['a.tsx']);
  });

  it('flattens nested tables, with or without a namespace', () => {
    expect([...flattenMessages({ a: { b: 'x' }, c: 'y' })]).toEqual([
      ['a.b', 'x'],
      ['c', 'y'],
    ]);
    expect([...flattenMessages({ a: { b: 'x' } }, 'ns:')]).toEqual([['ns:a.b', 'x']]);
  });

  it('holds a table to the glossary', () => {
    const keys = { bankTransfer: 'pay.transfer', points: 'pay.points' };
    const good = new Map([
      ['pay.transfer', '銀行轉帳'],
      ['pay.points', '點數'],
    ]);
    expect(offGlossary('zh-Hant', good, keys)).toEqual([]);
    const bad = new Map([...good, ['pay.transfer', '對公轉帳'], ['chat.reply', '回復']]);
    expect(offGlossary('zh-Hant', bad, keys)).toEqual([
      'zh-Hant pay.transfer',
      'zh-Hant pay.transfer says 對公轉帳',
      'zh-Hant chat.reply says 回復',
    ]);
  });
});
