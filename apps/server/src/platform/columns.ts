import type { Locale } from '@simshop/contracts';

// Reading stored columns into API values: texts of several languages in a JSON column, JSON lists,
// epoch-millisecond instants and 0/1 flags. One copy here instead of one per service.

/** Texts of one thing in several languages, as stored in a `texts` JSON column. */
export type Texts<T> = Partial<Record<Locale, T>>;

/**
 * Where each language looks when its own text is missing: Chinese scripts first for Chinese readers
 * (zh-Hant -> zh-Hans -> en), Latin-script languages first for the others.
 */
const FALLBACK: Record<Locale, Locale[]> = {
  'zh-Hans': ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'],
  'zh-Hant': ['zh-Hant', 'zh-Hans', 'en', 'es', 'fr'],
  en: ['en', 'zh-Hant', 'zh-Hans', 'es', 'fr'],
  es: ['es', 'en', 'fr', 'zh-Hant', 'zh-Hans'],
  fr: ['fr', 'en', 'es', 'zh-Hant', 'zh-Hans'],
};
export const fallbackChain = (locale: Locale): Locale[] => FALLBACK[locale];

/**
 * What `cachedJson` keeps at most, counted in stored bytes (the parsed values take a few times that): the whole
 * catalogue's texts (~130 KB in the demo) and some 300 order lines. At 4 MiB every new order line stayed, and
 * the parsed snapshots were a fifth of the server's memory under the bench's order load (issue 14).
 */
const JSON_CACHE_MAX_BYTES = 1024 * 1024;
type JsonEntry = { bytes: Buffer; value: unknown; json?: string };
const jsonCache = new Map<string, JsonEntry>();
let jsonCacheBytes = 0;

/**
 * A JSON column read as bytes (`textBytes` in the query), parsed once per content: `key` names the row and
 * column (`goods:12`), and the cached value serves as long as the stored bytes are the same. The value is
 * shared between callers: read it, never change it. `parse` gets the text (null for a null column).
 */
export function cachedJson<T>(key: string, bytes: Buffer | null, parse: (text: string | null) => T): T {
  return cachedJsonEntry(key, bytes, parse).value as T;
}

function cachedJsonEntry<T>(key: string, bytes: Buffer | null, parse: (text: string | null) => T): JsonEntry {
  if (bytes === null) return { bytes: Buffer.alloc(0), value: parse(null) };
  const hit = jsonCache.get(key);
  if (hit && hit.bytes.equals(bytes)) {
    // most recently used goes last
    jsonCache.delete(key);
    jsonCache.set(key, hit);
    return hit;
  }
  const entry: JsonEntry = { bytes, value: parse(bytes.toString('utf8')) };
  if (hit) {
    jsonCache.delete(key);
    jsonCacheBytes -= hit.bytes.length;
  }
  while (jsonCache.size > 0 && jsonCacheBytes + bytes.length > JSON_CACHE_MAX_BYTES) {
    const [oldKey, old] = jsonCache.entries().next().value!;
    jsonCache.delete(oldKey);
    jsonCacheBytes -= old.bytes.length;
  }
  jsonCache.set(key, entry);
  jsonCacheBytes += bytes.length;
  return entry;
}

/** `parseTexts` of a texts column read as bytes, cached per row (see `cachedJson`). */
export const cachedTexts = <T>(key: string, bytes: Buffer | null): Texts<T> =>
  cachedJson(key, bytes, parseTexts<T>);

/** The JSON text of `cachedTexts(key, bytes)` (JSON.stringify of it), made once per content. */
export function cachedTextsJson(key: string, bytes: Buffer | null): string {
  const entry: { value: unknown; json?: string } = cachedJsonEntry(key, bytes, parseTexts);
  return (entry.json ??= JSON.stringify(entry.value));
}

/** Parses a `texts` column; a broken value reads as no texts rather than failing the whole page. */
export function parseTexts<T>(json: string | null): Texts<T> {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Texts<T>) : {};
  } catch {
    return {};
  }
}

const present = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** One field in the reader's language, else the first language of its fallback chain that has it. */
export function pickField<T extends object, K extends keyof T>(
  texts: Texts<T>,
  locale: Locale,
  field: K,
): T[K] | undefined {
  for (const l of FALLBACK[locale]) {
    const v = texts[l]?.[field];
    if (present(v)) return v;
  }
  return undefined;
}

/** JSON array column to a string array (empty when broken). */
export function parseList(json: string | null): string[] {
  if (!json) return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** An epoch-milliseconds column as an ISO 8601 string (null stays null). */
export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}

/** A 0/1 integer column as the literal type the contracts use (PostgreSQL may hand back other numerics). */
export const flag01 = (v: number) => (Number(v) === 1 ? 1 : 0) as 0 | 1;
