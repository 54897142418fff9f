import { describe, expect, it } from 'vitest';
import { GLOSSARY, LOCALES, type Locale } from '@simshop/contracts';
import { MESSAGES } from '../lib/i18n';

// Issue 27: the console's tables use the glossary the shop uses (packages/contracts glossary.ts), hold no
// English where a translation is expected (brands and units allowed) and no raw code; no page falls back to
// showing a code.

type Tree = { [k: string]: string | Tree };
function flatten(m: Tree, prefix = '', out = new Map<string, string>()) {
  for (const [k, v] of Object.entries(m)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, String(v));
  }
  return out;
}
const tables = Object.fromEntries(LOCALES.map((l) => [l, flatten(MESSAGES[l] as unknown as Tree)])) as Record<
  Locale,
  Map<string, string>
>;

const KEEP = new Set(
  (
    'SimShop eSIM SIM ICCID EID LPA QR Code iPhone Android iOS Apple Pay Google LINE JKO TapPay NewebPay ' +
    'Alipay WeChat PDF CSV ATM App URL ID SKU API GB MB Go Mo JSON SMTP SMS Email OK Banner kbps ezPay Turnkey'
  ).split(' '),
);
const COGNATES = new Set(
  (
    'Total Type Options Option Points Message Contact Note Description Active Version Actions Image Images ' +
    'Stock Code Banner Banners Dashboard Coupons Coupon Destination Destinations Support Position Maximum ' +
    'Minimum Date Action Orders Information Documents Document Texte Contenu Catalogue Agent Email ' +
    'Error Subtotal Visible Finance E-mail Pages Page Validation Notifications Notification Transactions Transaction Statut Date Source Total'
  ).split(' '),
);
const words = (s: string) => s.replace(/{{\s*\w+\s*}}/g, ' ').match(/[A-Za-z][A-Za-z-]*/g) ?? [];

function untranslated(lang: Locale): string[] {
  const out: string[] = [];
  for (const [key, v] of tables[lang]) {
    const foreign = words(v).filter((w) => !KEEP.has(w) && w.length >= 3);
    if (lang.startsWith('zh')) {
      if (foreign.length) out.push(`${lang} ${key} = ${v}`);
    } else if (v === tables.en.get(key) && foreign.some((w) => !COGNATES.has(w) && w.length >= 4)) {
      out.push(`${lang} ${key} = ${v}`);
    }
  }
  return out;
}

describe('the console speaks each language', () => {
  it('uses the glossary the shop uses: the bank transfer, the points, replies', () => {
    const problems: string[] = [];
    for (const l of LOCALES) {
      const g = GLOSSARY[l];
      if (tables[l].get('payWay.transfer') !== g.bankTransfer) problems.push(`${l} payWay.transfer`);
      if (tables[l].get('payWay.points') !== g.points) problems.push(`${l} payWay.points`);
      for (const [key, v] of tables[l])
        for (const avoid of g.avoid) if (v.includes(avoid)) problems.push(`${l} ${key} says ${avoid}`);
    }
    expect(problems).toEqual([]);
  });

  it('holds no English where a translation is expected', () => {
    expect(LOCALES.filter((l) => l !== 'en').flatMap(untranslated)).toEqual([]);
  });

  it('holds no raw code as a text', () => {
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

describe('console pages', () => {
  it('never fall back to showing a code', () => {
    const leaks = Object.entries(sources)
      .filter(([, text]) => /defaultValue:\s*[A-Za-z_$][\w$.]*\s*[},]/.test(text))
      .map(([file]) => file);
    expect(leaks).toEqual([]);
  });
});
