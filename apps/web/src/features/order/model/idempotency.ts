/**
 * A fresh idempotency key (one per checkout visit). crypto.randomUUID needs a secure context; getRandomValues
 * works everywhere, so the key is built from it when randomUUID is missing.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The ICCID as the server reads it: spaces and dashes dropped. */
export const compactIccid = (s: string) => s.trim().replace(/[\s-]/g, '');
