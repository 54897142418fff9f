import { LOCALES, type Locale } from './constants';
import { GLOSSARY } from './glossary';

/**
 * The untranslated-text check the shop's and the console's locale tests share (issue 27), beside the glossary
 * they check against. For tests only: imported as `@simshop/contracts/glossary.check`, never by the apps.
 */

/** Words a translation keeps as they are: brands, products, units, codes people type or scan. */
export const KEEP: ReadonlySet<string> = new Set(
  (
    'SimShop eSIM eSIMs SIM ICCID EID LPA SM-DP QR Code iPhone iPad Android iOS Apple Pay Google LINE JKO ' +
    'TapPay NewebPay Alipay WeChat PDF CSV ATM Wi-Fi App Store Enter Tab px GB MB Go Mo JPG PNG Samsung ' +
    'Galaxy Pixel Visa Mastercard JCB AMEX UnionPay Email SMS OK Moments UTF- A-Z kbps URL ID SKU API JSON ' +
    'SMTP Banner IP mAh ezPay Turnkey'
  ).split(' '),
);

/** Words French and Spanish share with English (the same word, correctly). */
export const COGNATES: ReadonlySet<string> = new Set(
  (
    'Total Plan Type Options Option Promotions Destination Destinations Documents Document Points ' +
    'Conversation Message Contact District Coupon Coupons Note Description Active Avatar Version Suggestions ' +
    'Pause Personal Hong Kong Macao Australia France E-mail build Invitations Dates Date Actions Action ' +
    'Image Images Stock Code Banner Banners Dashboard Support Position Maximum Minimum Orders Information ' +
    'Texte Contenu Catalogue Agent Email Error Subtotal Visible Finance Pages Page Validation Notifications ' +
    'Notification Transactions Transaction Statut Source'
  ).split(' '),
);

/** The Latin words of a text, placeholders (`{{name}}`) left out. */
export const latinWords = (s: string): string[] =>
  s.replace(/{{\s*\w+\s*}}/g, ' ').match(/[A-Za-z][A-Za-z-]*/g) ?? [];

/** Latin words of a text in Chinese that are not kept as they are: English left on a Chinese screen. */
export const foreignWords = (s: string): string[] =>
  latinWords(s).filter((w) => !KEEP.has(w) && w.length >= 3);

/** A locale's texts as `key -> text`, nested tables joined by dots (a namespace prefix ending in ':' kept). */
export type MessageTree = { readonly [k: string]: string | MessageTree };
export function flattenMessages(m: MessageTree, prefix = '', out = new Map<string, string>()) {
  for (const [k, v] of Object.entries(m)) {
    const key = !prefix || prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`;
    if (typeof v === 'object') flattenMessages(v, key, out);
    else out.set(key, String(v));
  }
  return out;
}

/** Values in a language other than English that read as untranslated English. */
export function untranslated(lang: Locale, table: Map<string, string>, en: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [key, v] of table) {
    if (lang.startsWith('zh')) {
      if (foreignWords(v).length) out.push(`${lang} ${key} = ${v}`);
    } else if (
      v === en.get(key) &&
      latinWords(v).some((w) => !KEEP.has(w) && !COGNATES.has(w) && w.length >= 4)
    ) {
      out.push(`${lang} ${key} = ${v}`);
    }
  }
  return out;
}

/** A raw code shown as text: snake_case or a bare status number. */
export const isRawCode = (text: string): boolean => /^[a-z]+(_[a-z]+)+$|^\d+$/.test(text.trim());

/** Values of a table that are raw codes. */
export const rawCodes = (lang: Locale, table: Map<string, string>): string[] =>
  [...table].filter(([, v]) => isRawCode(v)).map(([k, v]) => `${lang} ${k} = ${v}`);

/** Source files (path -> text) whose translations fall back to showing a value (`defaultValue: code`). */
export const codeFallbacks = (sources: Record<string, string>): string[] =>
  Object.entries(sources)
    .filter(([, text]) => /defaultValue:\s*[A-Za-z_$][\w$.]*\s*[},]/.test(text))
    .map(([file]) => file);

/** Where a table differs from the glossary: the keys naming the bank transfer and the points hold the
 *  glossary's words, and no text uses another wording of a glossary term. */
export function offGlossary(
  lang: Locale,
  table: Map<string, string>,
  keys: { bankTransfer: string; points: string },
): string[] {
  const g = GLOSSARY[lang];
  const problems: string[] = [];
  if (table.get(keys.bankTransfer) !== g.bankTransfer) problems.push(`${lang} ${keys.bankTransfer}`);
  if (table.get(keys.points) !== g.points) problems.push(`${lang} ${keys.points}`);
  for (const [key, v] of table)
    for (const avoid of g.avoid) if (v.includes(avoid)) problems.push(`${lang} ${key} says ${avoid}`);
  return problems;
}

/** Every check of a UI's tables in all five languages: off the glossary, English left in a translation, raw
 *  codes. Each list names `lang key = text`; all three are empty for a UI that speaks each language. */
export function checkTables(
  tables: Record<Locale, Map<string, string>>,
  keys: { bankTransfer: string; points: string },
) {
  return {
    glossary: LOCALES.flatMap((l) => offGlossary(l, tables[l], keys)),
    english: LOCALES.filter((l) => l !== 'en').flatMap((l) => untranslated(l, tables[l], tables.en)),
    raw: LOCALES.flatMap((l) => rawCodes(l, tables[l])),
  };
}
