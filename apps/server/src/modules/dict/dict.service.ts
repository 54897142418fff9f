import type { DictData, DictItem, DictType, Locale } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import { findDictItems, findDictTypes, type DictItemRow } from './dict.repository';

/** A name in the caller's language: its own translation, else the zh-Hans default for Chinese, else English, else the default. */
export function localName(name: string, i18n: string | null, locale: Locale): string {
  if (!i18n || locale === 'zh-Hans') return name;
  let names: Record<string, unknown>;
  try {
    names = JSON.parse(i18n) as Record<string, unknown>;
  } catch {
    return name;
  }
  const pick = (l: string) => (typeof names[l] === 'string' && names[l] ? (names[l] as string) : null);
  return pick(locale) ?? (locale === 'zh-Hant' ? null : pick('en')) ?? name;
}

/** Nests items under their parents (same type); an item whose parent is missing is shown as a root. Keeps the given order. */
export function buildDictTree(rows: DictItemRow[], locale: Locale): DictItem[] {
  const nodes = new Map<number, DictItem>();
  for (const r of rows) {
    const name = localName(r.name, r.name_i18n, locale);
    nodes.set(r.id, {
      id: r.id,
      name,
      value: r.value === null || r.value === '' ? String(r.id) : r.value,
      label: name,
      desc: r.description,
      parentId: r.parent_id,
      orderNum: r.order_num,
    });
  }
  const roots: DictItem[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id !== null && r.parent_id !== r.id ? nodes.get(r.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every dictionary type, named in the caller's language. */
export async function listDictTypes(db: Db, locale: Locale): Promise<DictType[]> {
  const rows = await findDictTypes(db);
  return rows.map((t) => ({ id: t.id, key: t.key, name: localName(t.name, t.name_i18n, locale) }));
}

/** The dictionaries asked for (all when `types` is absent) as trees keyed by type key; unknown keys are left out. */
export async function loadDictData(db: Db, types: string[] | undefined, locale: Locale): Promise<DictData> {
  const typeRows = await findDictTypes(db, types);
  const items = await findDictItems(
    db,
    typeRows.map((t) => t.id),
  );
  const byType = new Map<number, DictItemRow[]>(typeRows.map((t) => [t.id, []]));
  for (const item of items) byType.get(item.type_id)?.push(item);
  const data: DictData = {};
  for (const t of typeRows) data[t.key] = buildDictTree(byType.get(t.id) ?? [], locale);
  return data;
}

/**
 * Serialised /data answers per (types, language). App launch asks for the dictionaries every time, so the
 * answer is built once; writes to dictionaries call invalidateDictCache. The short lifetime bounds staleness
 * when another instance (sharing one PostgreSQL) changed the rows.
 */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 256;
type DictCache = { generation: number; entries: Map<string, { json: string; at: number }> };
const caches = new WeakMap<Db, DictCache>();
const cacheOf = (db: Db): DictCache => {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = { generation: 0, entries: new Map() }));
  return c;
};

/** Drops every cached dictionary answer of this database; call it after any change to dict_type or dict_info. */
export function invalidateDictCache(db: Db): void {
  const c = cacheOf(db);
  c.generation += 1;
  c.entries.clear();
}

/** The /data answer as a JSON string, from the cache when fresh. */
export async function dictDataJson(db: Db, types: string[] | undefined, locale: Locale): Promise<string> {
  const keys = types ? [...new Set(types)].sort() : undefined;
  const cacheKey = `${locale}\n${keys ? keys.join('\n') : '*'}`;
  const cache = cacheOf(db);
  const hit = cache.entries.get(cacheKey);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.json;
  const generation = cache.generation;
  const json = JSON.stringify(await loadDictData(db, keys, locale));
  // a change landed while this was read: answer it, but do not keep it
  if (generation !== cache.generation) return json;
  cache.entries.delete(cacheKey);
  if (cache.entries.size >= CACHE_MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  cache.entries.set(cacheKey, { json, at: Date.now() });
  return json;
}
