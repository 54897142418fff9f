import { describe, expect, it } from 'vitest';
import { formatMoney, formatUnitPrice } from './money';

// Every .tsx and .ts source outside tests, as text: the one place money may be written by hand is this module.
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../lib/api/*.gen.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

describe('formatMoney', () => {
  it('writes the shop currency in the UI language', () => {
    // one style in every language (issue 27): "NT$" and whole dollars, grouped as the language groups
    for (const lang of ['en', 'zh-Hans', 'zh-Hant', 'es', 'fr'])
      expect(formatMoney(12900, 'TWD', lang), lang).toBe('NT$129');
    expect(formatMoney(12950, 'TWD', 'en')).toBe('NT$130');
    expect(formatMoney(129_000, 'TWD', 'zh-Hant')).toBe('NT$1,290');
    expect(formatMoney(129_000, 'TWD', 'fr')).toMatch(/^NT\$1\s290$/u);
    expect(formatMoney(-1200, 'TWD', 'en')).toBe('-NT$12');
    expect(formatUnitPrice(9986, 'TWD', 'es')).toBe('NT$99,86');
    expect(formatUnitPrice(10000, 'TWD', 'en')).toBe('NT$100');
  });

  it('is the one way the web app writes a price: no currency literals, toFixed or hand-built amounts', () => {
    const handBuilt = /NT\$|'\$'|"\$"|\d\s?TWD|\.toFixed\(2\)|\/\s?100\)/;
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offenders = Object.entries(sources)
      .filter(([file]) => !file.endsWith('/shared/money.ts'))
      .filter(([, text]) => text.split('\n').some((l) => !/^\s*(\/\/|\/?\*)/.test(l) && handBuilt.test(l)))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
