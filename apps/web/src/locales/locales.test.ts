import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@simshop/contracts';
import { loadMessages, namespaces, parseLocaleFile, type LocaleModule, type Messages } from './index';

// The app imports each language on demand; the checks below read them all at once.
const modules = import.meta.glob<LocaleModule>(['./*/*.ts', '!./*/*.test.ts'], { eager: true });
const resources = Object.fromEntries(LOCALES.map((l) => [l, {} as Record<string, Messages>])) as Record<
  Locale,
  Record<string, Messages>
>;
for (const [file, mod] of Object.entries(modules)) {
  const parsed = parseLocaleFile(file);
  if (parsed) resources[parsed.lang][parsed.ns] = mod.default;
}

/** Dotted paths of every string in a namespace, with their text. */
function flatten(m: Messages, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(m)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

/** Every key found in any locale that is missing or empty in another: `<lang> <ns>:<key>`. */
function missingKeys(res: Record<string, Record<string, Messages>>, langs: readonly string[]): string[] {
  const nss = [...new Set(langs.flatMap((l) => Object.keys(res[l] ?? {})))];
  const missing: string[] = [];
  for (const ns of nss) {
    const all = new Set(langs.flatMap((l) => [...flatten(res[l]?.[ns] ?? {}).keys()]));
    for (const lang of langs) {
      const have = flatten(res[lang]?.[ns] ?? {});
      for (const key of all) {
        const v = have.get(key);
        if (typeof v !== 'string' || v.trim() === '') missing.push(`${lang} ${ns}:${key}`);
      }
    }
  }
  return missing.sort();
}

describe('locales', () => {
  it('loads the common namespace in all five languages', () => {
    expect(namespaces).toContain('common');
    for (const l of LOCALES) expect(resources[l].common).toBeTruthy();
  });

  it('loads one language on demand with every namespace, and only that language', async () => {
    const fr = await loadMessages('fr');
    expect(Object.keys(fr).sort()).toEqual(namespaces);
    expect(fr).toEqual(resources.fr);
    expect(fr.common).not.toEqual(resources.en.common);
  });

  it('has every key of every namespace, non-empty, in all five languages', () => {
    expect(missingKeys(resources, LOCALES)).toEqual([]);
  });

  it('reports a key that one language lacks or leaves empty', () => {
    const res = {
      en: { shop: { a: 'A', nested: { b: 'B' } } },
      fr: { shop: { a: 'A', nested: {} } },
      es: { shop: { a: ' ', nested: { b: 'B' } } },
    };
    expect(missingKeys(res, ['en', 'fr', 'es'])).toEqual(['es shop:a', 'fr shop:nested.b']);
  });

  it('uses the same interpolation placeholders in every language', () => {
    const problems: string[] = [];
    const vars = (s: unknown) =>
      [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    for (const ns of namespaces) {
      const ref = flatten(resources.en[ns] ?? {});
      for (const l of LOCALES) {
        const have = flatten(resources[l][ns] ?? {});
        for (const [key, text] of ref)
          if (have.has(key) && vars(have.get(key)) !== vars(text)) problems.push(`${l} ${ns}:${key}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('wording (issue 12)', () => {
  const text = (lang: Locale, ns: string, key: string) => flatten(resources[lang][ns] ?? {}).get(key);

  it('names the shipment states on "my" exactly as the order list does', () => {
    for (const lang of LOCALES) {
      expect(text(lang, 'user', 'my.orders.pendingShipment'), lang).toBe(text(lang, 'order', 'status.1'));
      expect(text(lang, 'user', 'my.orders.pendingReceipt'), lang).toBe(text(lang, 'order', 'status.2'));
    }
  });

  it("keeps the shop's side out of the buyer's cancel dialog", () => {
    for (const lang of LOCALES)
      expect(text(lang, 'order', 'detail.confirmCancel'), lang).not.toMatch(/上架|on sale|venta|vente/);
  });

  it('says "item" in English, "Livraison" for delivery in French, and keeps French main buttons short', () => {
    expect(text('en', 'catalogue', 'detail.missing')).toBe('This item could not be found.');
    expect(text('en', 'common', 'titles.goodsDetail')).toBe('Item details');
    expect(text('fr', 'catalogue', 'detail.delivery')).toBe('Livraison');
    expect(String(text('fr', 'catalogue', 'detail.addToCart')).length).toBeLessThanOrEqual(12);
  });

  it('counts one order item in the singular where the language has one', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, fallbackLng: false, interpolation: { escapeValue: false } });
    const summary = (lng: Locale, count: number) =>
      i18n.t('order:list.summary', { lng, count, amount: '$1' });
    expect(summary('en', 1)).toBe('1 item, total $1');
    expect(summary('en', 2)).toBe('2 items, total $1');
    expect(summary('fr', 1)).toBe('1 article, total $1');
    expect(summary('es', 1)).toBe('1 artículo, total $1');
    expect(summary('es', 3)).toBe('3 artículos, total $1');
    expect(summary('zh-Hant', 1)).toBe('共 1 件，合計 $1');
  });

  it('has one payment-method name table, in common', () => {
    for (const lang of LOCALES) {
      expect(resources[lang].common?.payWays, lang).toBeTruthy();
      expect(resources[lang].catalogue?.payWays, lang).toBeUndefined();
      expect(resources[lang].order?.payWay, lang).toBeUndefined();
    }
  });
});
