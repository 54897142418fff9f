import { useSyncExternalStore } from 'react';
import { TOKEN_EXPIRY_MARGIN_MS, type TokenResponse, type UserProfile } from '@simshop/contracts';
import { emit } from './events';
import { loginUrl, navigate } from './navigation';
import { CART_TAB_INDEX, setTabBadge } from './tab-bar-store';

/** localStorage keys (spec: token, refreshToken and userInfo stored locally, expiries with the 5 s margin). */
export const STORAGE_KEYS = {
  token: 'token',
  tokenExpire: 'tokenExpire',
  refreshToken: 'refreshToken',
  refreshTokenExpire: 'refreshTokenExpire',
  userInfo: 'userInfo',
} as const;

export type SessionState = {
  token: string | null;
  /** Epoch ms after which the access token counts as expired (margin already subtracted). */
  tokenExpire: number;
  refreshToken: string | null;
  refreshTokenExpire: number;
  userInfo: UserProfile | null;
};

const EMPTY: SessionState = {
  token: null,
  tokenExpire: 0,
  refreshToken: null,
  refreshTokenExpire: 0,
  userInfo: null,
};

function read(): SessionState {
  try {
    const get = (k: string) => localStorage.getItem(k);
    const user = get(STORAGE_KEYS.userInfo);
    return {
      token: get(STORAGE_KEYS.token) || null,
      tokenExpire: Number(get(STORAGE_KEYS.tokenExpire)) || 0,
      refreshToken: get(STORAGE_KEYS.refreshToken) || null,
      refreshTokenExpire: Number(get(STORAGE_KEYS.refreshTokenExpire)) || 0,
      userInfo: user ? (JSON.parse(user) as UserProfile) : null,
    };
  } catch {
    return EMPTY;
  }
}

function write(s: SessionState) {
  try {
    const set = (k: string, v: string | null) =>
      v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v);
    set(STORAGE_KEYS.token, s.token);
    set(STORAGE_KEYS.tokenExpire, s.token ? String(s.tokenExpire) : null);
    set(STORAGE_KEYS.refreshToken, s.refreshToken);
    set(STORAGE_KEYS.refreshTokenExpire, s.refreshToken ? String(s.refreshTokenExpire) : null);
    set(STORAGE_KEYS.userInfo, s.userInfo ? JSON.stringify(s.userInfo) : null);
  } catch {
    // storage full or blocked: the session lives in memory for this visit
  }
}

let state: SessionState = read();
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  write(next);
  listeners.forEach((l) => l());
}

// Another tab logged in, out, or rotated the tokens: follow it, so this tab never replays a spent refresh token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== null && !(Object.values(STORAGE_KEYS) as string[]).includes(e.key)) return;
    state = read();
    listeners.forEach((l) => l());
  });
}

export type LogoutOptions = {
  /** After logging in again, come back to the page the user was on (used when the session expired). */
  returnHere?: boolean;
};

/**
 * The session's state: tokens and user, persisted to localStorage. Calls no API (the request client reads it);
 * the calls that fill it (profile, login) are in session.ts.
 */
export const tokenStore = {
  getState: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Stores a token pair; expiries are kept with TOKEN_EXPIRY_MARGIN_MS subtracted. */
  setTokens(t: TokenResponse, now = Date.now()): void {
    setState({
      ...state,
      token: t.token,
      tokenExpire: now + t.expire * 1000 - TOKEN_EXPIRY_MARGIN_MS,
      refreshToken: t.refreshToken,
      refreshTokenExpire: now + t.refreshExpire * 1000 - TOKEN_EXPIRY_MARGIN_MS,
    });
  },

  setUser(userInfo: UserProfile | null): void {
    setState({ ...state, userInfo });
  },

  isTokenExpired(now = Date.now()): boolean {
    return !state.token || now >= state.tokenExpire;
  },

  isRefreshTokenExpired(now = Date.now()): boolean {
    return !state.refreshToken || now >= state.refreshTokenExpire;
  },

  /** Clears user info, token and refresh token, and relaunches to the login page. */
  logout(options: LogoutOptions = {}): void {
    const from = window.location.pathname + window.location.search;
    setState(EMPTY);
    setTabBadge(CART_TAB_INDEX, null);
    emit('logout');
    navigate(options.returnHere ? loginUrl(from) : loginUrl(), { replace: true });
  },
};

export type SessionView = { token: string | null; userInfo: UserProfile | null; isLoggedIn: boolean };
let lastView: SessionView | null = null;
function view(): SessionView {
  if (!lastView || lastView.token !== state.token || lastView.userInfo !== state.userInfo) {
    lastView = { token: state.token, userInfo: state.userInfo, isLoggedIn: Boolean(state.token) };
  }
  return lastView;
}

/** The session in React: re-renders on login, logout and profile changes. */
export function useSession(): SessionView {
  return useSyncExternalStore(tokenStore.subscribe, view, view);
}
