// The operator's session in localStorage, under keys of its own: the shop's buyer session (same origin) and the
// console's never overwrite each other.

export type Tokens = { token: string; expire: number; refreshToken: string; refreshExpire: number };

const KEYS = {
  token: 'admin.token',
  tokenExpire: 'admin.tokenExpire',
  refreshToken: 'admin.refreshToken',
  refreshExpire: 'admin.refreshTokenExpire',
} as const;

/** Seconds of margin: a token this close to its end is refreshed before a call. */
const MARGIN_MS = 5_000;

const read = (k: string) => localStorage.getItem(k) ?? '';
const readNumber = (k: string) => Number(localStorage.getItem(k) ?? 0) || 0;

export const session = {
  token: () => read(KEYS.token),
  refreshToken: () => read(KEYS.refreshToken),
  /** Stores a login or refresh answer (expire and refreshExpire in seconds from now). */
  set(t: Tokens, now = Date.now()) {
    localStorage.setItem(KEYS.token, t.token);
    localStorage.setItem(KEYS.tokenExpire, String(now + t.expire * 1000 - MARGIN_MS));
    localStorage.setItem(KEYS.refreshToken, t.refreshToken);
    localStorage.setItem(KEYS.refreshExpire, String(now + t.refreshExpire * 1000 - MARGIN_MS));
  },
  clear() {
    for (const k of Object.values(KEYS)) localStorage.removeItem(k);
  },
  isTokenExpired: (now = Date.now()) => readNumber(KEYS.tokenExpire) <= now,
  isRefreshExpired: (now = Date.now()) => readNumber(KEYS.refreshExpire) <= now,
};
