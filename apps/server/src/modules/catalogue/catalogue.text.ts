import type { Locale } from '@simshop/contracts';

// control characters: never part of a search, and one of them separates the parts of search_text
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/g;

/** How search compares text: NFKC (full-width to half-width, compatibility forms) and lower case. */
export const normalizeSearch = (s: string) =>
  s.normalize('NFKC').toLowerCase().replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();

/** The words of a search, normalised; at most five, duplicates dropped. */
export const searchTerms = (q: string | undefined) =>
  q ? [...new Set(normalizeSearch(q).split(' ').filter(Boolean))].slice(0, 5) : [];

/** A LIKE pattern matching `term` anywhere, with `\`, `%` and `_` escaped (use with ESCAPE '\'). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Splits a goods' own search text from the names its regions cover (a control character no text contains). */
export const SEARCH_SEPARATOR = '\u0002';

/** Joins text of every language into one normalised search string. */
export const searchBlob = (parts: (string | null | undefined)[]) =>
  normalizeSearch([...new Set(parts.filter((p): p is string => !!p))].join(' | ').replace(CONTROL, ' '));

/** A LIKE pattern matching `term` before the separator: in the goods' own texts (use with ESCAPE '\'). */
export const ownTextPattern = (term: string) => `${containsPattern(term)}${SEARCH_SEPARATOR}%`;

/** A reviewer's nickname with the middle hidden: 王小明 -> 王***明, Al -> A*. */
export function maskNickname(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

const DATA_WORDS: Record<
  Locale,
  {
    unlimited: string;
    unlimitedDaily: string;
    perDay: (d: string) => string;
    days: (n: number) => string;
    standard: string;
    sep: string;
  }
> = {
  en: {
    unlimited: 'Unlimited data',
    unlimitedDaily: 'Unlimited daily',
    perDay: (d) => `${d}/day`,
    days: (n) => `${n} ${n === 1 ? 'day' : 'days'}`,
    standard: 'Standard',
    sep: ' / ',
  },
  'zh-Hans': {
    unlimited: '无限流量',
    unlimitedDaily: '每日无限流量',
    perDay: (d) => `每日 ${d}`,
    days: (n) => `${n}天`,
    standard: '标准',
    sep: ' / ',
  },
  'zh-Hant': {
    unlimited: '無限流量',
    unlimitedDaily: '每日無限流量',
    perDay: (d) => `每日 ${d}`,
    days: (n) => `${n}天`,
    standard: '標準',
    sep: ' / ',
  },
  es: {
    unlimited: 'Datos ilimitados',
    unlimitedDaily: 'Ilimitado diario',
    perDay: (d) => `${d}/día`,
    days: (n) => `${n} ${n === 1 ? 'día' : 'días'}`,
    standard: 'Estándar',
    sep: ' / ',
  },
  fr: {
    unlimited: 'Données illimitées',
    unlimitedDaily: 'Illimité par jour',
    perDay: (d) => `${d}/jour`,
    days: (n) => `${n} ${n === 1 ? 'jour' : 'jours'}`,
    standard: 'Standard',
    sep: ' / ',
  },
};

/** 1024 -> "1 GB", 1536 -> "1.5 GB", 500 -> "500 MB". */
export function formatDataMb(mb: number): string {
  if (mb < 1024) return `${mb} MB`;
  const gb = mb / 1024;
  return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
}

/** The name of a spec without texts of its own, made from its plan fields: "5 GB / 15 days", "每日 2 GB / 7天". */
export function planSpecName(
  locale: Locale,
  spec: { data_mb: number | null; allowance: 'total' | 'daily' | null; validity_days: number | null },
): string {
  const w = DATA_WORDS[locale];
  const parts: string[] = [];
  if (spec.allowance) {
    if (spec.data_mb === null) parts.push(spec.allowance === 'daily' ? w.unlimitedDaily : w.unlimited);
    else
      parts.push(
        spec.allowance === 'daily' ? w.perDay(formatDataMb(spec.data_mb)) : formatDataMb(spec.data_mb),
      );
  }
  if (spec.validity_days !== null) parts.push(w.days(spec.validity_days));
  return parts.length ? parts.join(w.sep) : w.standard;
}
