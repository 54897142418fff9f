import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@simshop/contracts';
import { checkTables, codeFallbacks, flattenMessages } from '@simshop/contracts/glossary.check';
import { MESSAGES } from '../lib/i18n';

// Issue 27: the console's tables use the glossary the shop uses (packages/contracts glossary.ts), hold no
// English where a translation is expected (brands and units allowed) and no raw code; no page falls back to
// showing a code. The check is the shop's (contracts glossary.check.ts).

const tables = Object.fromEntries(LOCALES.map((l) => [l, flattenMessages(MESSAGES[l])])) as Record<
  Locale,
  Map<string, string>
>;

describe('the console speaks each language', () => {
  const found = checkTables(tables, { bankTransfer: 'payWay.transfer', points: 'payWay.points' });
  it('uses the glossary the shop uses: the bank transfer, the points, replies', () => {
    expect(found.glossary).toEqual([]);
  });

  it('holds no English where a translation is expected', () => {
    expect(found.english).toEqual([]);
  });

  it('holds no raw code (snake_case or a bare status number) as a text', () => {
    expect(found.raw).toEqual([]);
  });
});

const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('console pages', () => {
  it('never fall back to showing a code', () => {
    expect(codeFallbacks(sources)).toEqual([]);
  });
});
