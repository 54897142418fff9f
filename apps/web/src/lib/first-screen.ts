import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { SUCCESS_CODE } from '@simshop/contracts';

/**
 * The first screen the server wrote into the page it served (apps/server platform/static): the answers of
 * the calls the page makes first, in the visitor's browser language, so the page draws without waiting for
 * them (issue 12). A JSON block, never run. It may be absent (the service worker's cached shell, a page the
 * server knows nothing for), in another language than the app's, or old (a page restored from the browser's
 * cache): then the app asks the API as always.
 */
export const FIRST_SCREEN_ID = 'simshop-first-screen';
/** An answer older than this is not used at all (it is only a head start, never the truth). */
export const FIRST_SCREEN_MAX_AGE_MS = 10 * 60_000;

type Entry = { call: string; input: unknown; body: { code: number; data: unknown } };
type Block = { lang: string; servedAt: number; calls: Entry[] };

let block: Block | null | undefined;

function isBlock(v: unknown): v is Block {
  const b = v as Block | null;
  return (
    !!b &&
    typeof b.lang === 'string' &&
    typeof b.servedAt === 'number' &&
    Array.isArray(b.calls) &&
    b.calls.every((c) => typeof c?.call === 'string' && typeof c.body?.code === 'number')
  );
}

function readBlock(): Block | null {
  if (block !== undefined) return block;
  block = null;
  if (typeof document === 'undefined') return block;
  const el = document.getElementById(FIRST_SCREEN_ID);
  if (!el?.textContent) return block;
  try {
    const parsed: unknown = JSON.parse(el.textContent);
    if (isBlock(parsed)) block = parsed;
  } catch {
    // a damaged block is no block
  }
  return block;
}

/** Forgets the block read (tests write a new one into the document). */
export function resetFirstScreen() {
  block = undefined;
}

/** Same JSON value, whatever the order of object keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * The answer the server wrote into the page for this call (`POST app/goods/info/page`) and input, when it is
 * in this language, successful and not too old; with when it was made.
 */
export function firstScreenAnswer<T>(
  call: string,
  input: unknown,
  lang: string,
  now = Date.now(),
): { data: T; at: number } | undefined {
  const b = readBlock();
  if (!b || b.lang !== lang) return undefined;
  if (Math.abs(now - b.servedAt) > FIRST_SCREEN_MAX_AGE_MS) return undefined;
  const hit = b.calls.find((c) => c.call === call && sameValue(c.input ?? null, input ?? null));
  if (!hit || hit.body.code !== SUCCESS_CODE) return undefined;
  return { data: hit.body.data as T, at: Math.min(b.servedAt, now) };
}

/**
 * Puts the server's answer for a call into the query cache under `queryKey`, dated when the server made it
 * (so the query's own staleTime decides whether to ask again). True when it did.
 */
export function seedFromFirstScreen(
  client: QueryClient,
  queryKey: QueryKey,
  call: string,
  input: unknown,
  lang: string,
  wrap: (data: unknown) => unknown = (d) => d,
): boolean {
  if (client.getQueryData(queryKey) !== undefined) return false;
  const hit = firstScreenAnswer(call, input, lang);
  if (!hit) return false;
  client.setQueryData(queryKey, wrap(hit.data), { updatedAt: hit.at });
  return true;
}
