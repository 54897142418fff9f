import type { SimCardDetail } from '@simshop/contracts';

// The last-known detail of each SIM card the user opened, for travellers who land abroad before their eSIM is on:
// the detail page shows its QR, codes and install steps from here without a network. It lives in this app's own
// storage, keyed by user, never in a shared service-worker cache of API answers (which could hand one user's
// activation codes to the next person signing in on the same phone), and is cleared at logout.

const PREFIX = 'simcard.offline.';
/** At most this many cards are kept per user (the newest saved win). */
export const OFFLINE_CARDS_MAX = 20;

export type OfflineCard = { savedAt: string; detail: SimCardDetail };
type Stored = Record<string, OfflineCard>;

const keyOf = (userId: string) => `${PREFIX}${userId}`;

function readAll(userId: string): Stored {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** The last-known detail of one of `userId`'s cards, or null. */
export function loadOfflineCard(userId: string, iccid: string): OfflineCard | null {
  const card = readAll(userId)[iccid];
  return card && card.detail?.iccid === iccid ? card : null;
}

/** Keeps the detail just fetched for `userId` (the oldest dropped beyond OFFLINE_CARDS_MAX). */
export function saveOfflineCard(userId: string, detail: SimCardDetail, now = new Date()): void {
  const all = readAll(userId);
  all[detail.iccid] = { savedAt: now.toISOString(), detail };
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt))
    .slice(0, OFFLINE_CARDS_MAX);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // storage full or blocked: the page still works online
  }
}

/** Forgets every user's stored cards (logout: the next person on this phone sees none of them). */
export function clearOfflineCards(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k);
    }
    keys.forEach((k) => localStorage.removeItem(k));
  } catch {
    // storage blocked: nothing was stored either
  }
}
