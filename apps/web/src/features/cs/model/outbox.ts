import type { CsSendBody } from '@simshop/contracts';

/** A message typed but not yet acknowledged by the server; kept in localStorage so a reload keeps it. */
export type Queued = CsSendBody & { queuedAt: number };

const keyOf = (userId: number | string) => `cs.outbox.${userId}`;

/** The queue of one account (messages leave it when the server acks them or refuses them for good). */
export function readOutbox(userId: number | string): Queued[] {
  try {
    const v = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as Queued[]).filter((q) => typeof q?.clientId === 'string') : [];
  } catch {
    return [];
  }
}

function write(userId: number | string, items: Queued[]) {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(items));
  } catch {
    // storage full or blocked: the queue lives in memory for this page only
  }
}

export function enqueue(userId: number | string, item: Queued): Queued[] {
  const items = readOutbox(userId).filter((q) => q.clientId !== item.clientId);
  items.push(item);
  write(userId, items);
  return items;
}

export function dequeue(userId: number | string, clientId: string): Queued[] {
  const items = readOutbox(userId).filter((q) => q.clientId !== clientId);
  write(userId, items);
  return items;
}

/** A client message id: unique per message, the same on every resend (the server keeps one message per id). */
export function newClientId(): string {
  const c = globalThis.crypto;
  if (c && 'randomUUID' in c) return c.randomUUID();
  return `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
