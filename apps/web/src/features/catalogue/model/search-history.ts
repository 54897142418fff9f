import { useCallback, useSyncExternalStore } from 'react';

/** localStorage key of the visitor's own search history (newest first). */
export const SEARCH_HISTORY_KEY = 'goodsSearchHistory';
export const SEARCH_HISTORY_MAX = 10;

const listeners = new Set<() => void>();
let cached: { raw: string | null; list: string[] } = { raw: null, list: [] };

function read(): string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(SEARCH_HISTORY_KEY);
  } catch {
    return cached.list;
  }
  if (raw === cached.raw) return cached.list;
  let list: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed))
      list = parsed.filter((v): v is string => typeof v === 'string').slice(0, SEARCH_HISTORY_MAX);
  } catch {
    list = [];
  }
  cached = { raw, list };
  return list;
}

function write(list: string[]) {
  try {
    if (list.length) localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(list));
    else localStorage.removeItem(SEARCH_HISTORY_KEY);
  } catch {
    cached = { raw: cached.raw, list }; // storage blocked: keep it for this visit
  }
  listeners.forEach((l) => l());
}

/** Puts a term first in the history (once, case-insensitively), keeping the newest SEARCH_HISTORY_MAX. */
export function addSearchHistory(term: string): void {
  const t = term.trim();
  if (!t) return;
  const lower = t.toLowerCase();
  write([t, ...read().filter((v) => v.toLowerCase() !== lower)].slice(0, SEARCH_HISTORY_MAX));
}

export function clearSearchHistory(): void {
  write([]);
}

export function readSearchHistory(): string[] {
  return read();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The visitor's search history, kept in this browser only, and the calls that change it. */
export function useSearchHistory() {
  const history = useSyncExternalStore(subscribe, read, read);
  return {
    history,
    add: useCallback((term: string) => addSearchHistory(term), []),
    clear: useCallback(() => clearSearchHistory(), []),
  };
}
