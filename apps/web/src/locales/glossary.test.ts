import { describe, expect, it } from 'vitest';
import { GLOSSARY, LOCALES, type Locale } from '@simshop/contracts';
import { parseLocaleFile, type LocaleModule, type Messages } from './index';

// Issue 27: the shop's tables in every language use the shared glossary (packages/contracts glossary.ts), hold
// no English where a translation is expected (brand names and units allowed), and hold no raw code; and no
// component falls back to showing a code (`defaultValue: code`).

const modules = import.meta.glob<LocaleModule>(['./*/*.ts', '!./*/*.test.ts'], { eager: true });
const tables = {} as Record<Locale, Map<string, string>>;
function flatten(m: Messages, prefix: string, out: Map<string, string>) {
  for (const [k, v] of Object.entries(m)) {
    const key = prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, String(v));
  }
}
for (const l of LOCALES) tables[l] = new Map();
for (const [file, mod] of Object.entries(modules)) {
  const p = parseLocaleFile(file);
  if (p) flatten(mod.default, `${p.ns}:`, tables[p.lang]);
}

/** Words a translation keeps as they are: brands, products, units, codes people type or scan. */
export const KEEP = new Set(
  (
    'SimShop eSIM eSIMs SIM ICCID EID LPA SM-DP QR Code iPhone iPad Android iOS Apple Pay Google LINE JKO ' +
    'TapPay NewebPay Alipay WeChat PDF CSV ATM Wi-Fi App App Store Enter Tab px GB MB Go Mo JPG PNG Samsung ' +
    'Galaxy Pixel Visa Mastercard JCB AMEX UnionPay Email SMS OK Moments UTF- A-Z kbps'
  ).split(' '),
);
/** Words French and Spanish share with English (the same word, correctly). */
export const COGNATES = new Set(
  (
    'Total Plan Type Options Option Promotions Destination Documents Points Conversation Message Contact ' +
    'District Coupon Note Description Active Avatar Version Suggestions Pause Personal Hong Kong Macao ' +
    'Australia France E-mail build Invitations Dates Date'
  ).split(' '),
);

const words = (s: string) => s.replace(/{{\s*\w+\s*}}/g, ' ').match(/[A-Za-z][A-Za-z-]*/g) ?? [];

/** Values in a language other than English that read as untranslated English. */
export function untranslated(lang: Locale, table: Map<string, string>, en: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [key, v] of table) {
    const foreign = words(v).filter((w) => !KEEP.has(w) && w.length >= 3);
    if (lang.startsWith('zh')) {
      if (foreign.length) out.push(`${lang} ${key} = ${v}`);
    } else if (v === en.get(key) && foreign.some((w) => !COGNATES.has(w) && w.length >= 4)) {
      out.push(`${lang} ${key} = ${v}`);
    }
  }
  return out;
}

describe('the shop speaks each language', () => {
  it('uses the shared glossary: one name for the bank transfer, the points, the units', () => {
    const problems: string[] = [];
    for (const l of LOCALES) {
      const g = GLOSSARY[l];
      const t = tables[l];
      if (t.get('common:payWays.transfer') !== g.bankTransfer) problems.push(`${l} payWays.transfer`);
      if (t.get('common:payWays.points') !== g.points) problems.push(`${l} payWays.points`);
      for (const [key, v] of t)
        for (const avoid of g.avoid) if (v.includes(avoid)) problems.push(`${l} ${key} says ${avoid}`);
    }
    expect(problems).toEqual([]);
  });

  it('holds no English where a translation is expected', () => {
    const found = LOCALES.filter((l) => l !== 'en').flatMap((l) => untranslated(l, tables[l], tables.en));
    expect(found).toEqual([]);
  });

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
  });

  it('holds no raw code (snake_case or a bare status number) as a text', () => {
    const raw = LOCALES.flatMap((l) =>
      [...tables[l]]
        .filter(([, v]) => /^[a-z]+(_[a-z]+)+$|^\d+$/.test(v.trim()))
        .map(([k, v]) => `${l} ${k} = ${v}`),
    );
    expect(raw).toEqual([]);
  });
});

const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('components', () => {
  it('never fall back to showing a code: a missing translation is a test failure, not a raw value', () => {
    const leaks = Object.entries(sources)
      .filter(([, text]) => /defaultValue:\s*[A-Za-z_$][\w$.]*\s*[},]/.test(text))
      .map(([file]) => file);
    expect(leaks).toEqual([]);
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
    if (words(v).some((w) => !KEEP.has(w) && w.length >= 3)) out.push(v);
  }
  return out;
}
