import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

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
    expect(formatMoney(12900, 'TWD', 'en')).toBe('NT$129');
    expect(formatMoney(12950, 'TWD', 'en')).toBe('NT$129.50');
    expect(formatMoney(12900, 'TWD', 'fr')).toMatch(/^129\s\$TW$|^129\sTWD$/u);
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
