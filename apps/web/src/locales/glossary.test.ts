import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@simshop/contracts';
import { checkTables, codeFallbacks, flattenMessages, foreignWords } from '@simshop/contracts/glossary.check';
import { parseLocaleFile, type LocaleModule } from './index';

// Issue 27: the shop's tables in every language use the shared glossary (packages/contracts glossary.ts), hold
// no English where a translation is expected (brand names and units allowed), and hold no raw code; and no
// component falls back to showing a code (`defaultValue: code`).

const modules = import.meta.glob<LocaleModule>(['./*/*.ts', '!./*/*.test.ts'], { eager: true });
const tables = {} as Record<Locale, Map<string, string>>;
for (const l of LOCALES) tables[l] = new Map();
for (const [file, mod] of Object.entries(modules)) {
  const p = parseLocaleFile(file);
  if (p) flattenMessages(mod.default, `${p.ns}:`, tables[p.lang]);
}

describe('the shop speaks each language', () => {
  const found = checkTables(tables, {
    bankTransfer: 'common:payWays.transfer',
    points: 'common:payWays.points',
  });
  it('uses the shared glossary: one name for the bank transfer, the points, the units', () => {
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

describe('components', () => {
  it('never fall back to showing a code: a missing translation is a test failure, not a raw value', () => {
    expect(codeFallbacks(sources)).toEqual([]);
  });

  it('name no field in English: a placeholder or label written into a component, not taken from the tables', () => {
    // e.g. the demo card form's "CCV": read by screen readers and shown in every language
    const english = Object.entries(sources).flatMap(([file, text]) =>
      hardCodedNames(text).map((v) => `${file}: ${v}`),
    );
    expect(english).toEqual([]);
    expect(
      hardCodedNames(`ccv: { element: '#x', placeholder: 'CCV' }, <input aria-label="Card number" />`),
    ).toEqual(['CCV', 'Card number']);
    expect(hardCodedNames(`placeholder: '**** ****', aria-label={t('card')} alt=""`)).toEqual([]);
  });
});

/** Placeholders, labels, titles and alt texts a component writes as literals, when they hold English words. */
function hardCodedNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:placeholder|aria-label|title|alt)\s*[=:]\s*(['"])([^'"{}\n]*)\1/g)) {
    const v = m[2] ?? '';
    // a format to type, like an e-invoice barcode's "/ABC1234", is not a word to translate
    if (/\d/.test(v)) continue;
    if (foreignWords(v).length) out.push(v);
  }
  return out;
}
