// The session (tokens and user, in session-store.ts) together with the calls that fill it: the profile, the
// cart badge and the login sequence. The request client depends on the store only, so no import cycle.
import type { LoginType, TokenResponse, UserProfile } from '@simshop/contracts';
import { api } from './api/client';
import { emit } from './events';
import { HOME_PATH, navigate, redirectTarget } from './navigation';
import { tokenStore } from './session-store';
import { CART_TAB_INDEX, setTabBadge } from './tab-bar-store';

export {
  STORAGE_KEYS,
  useSession,
  type LogoutOptions,
  type SessionState,
  type SessionView,
} from './session-store';
export { HOME_PATH, navigate };

/** Loads the profile (`GET app/user/info/person`) into userInfo. */
async function loadUser(): Promise<UserProfile> {
  const user = await api.get('app/user/info/person');
  tokenStore.setUser(user);
  return user;
}

/**
 * Completes a login: stores the tokens, loads the profile, then the cart count, emits `afterLogin`,
 * and returns to the page before login (the login URL's `redirect` query) or home.
 */
async function login(tokens: TokenResponse, loginType: LoginType): Promise<void> {
  tokenStore.setTokens(tokens);
  await loadUser();
  await refreshCartBadge();
  emit('afterLogin', loginType);
  navigate(redirectTarget(), { replace: true });
}

/** The session store with its calls: state, tokens, user, `loadUser`, `login` and `logout`. */
export const sessionStore = { ...tokenStore, loadUser, login };

/** Shows the cart count on the cart tab; quietly does nothing while the cart API is unavailable. */
export async function refreshCartBadge(): Promise<void> {
  try {
    const { count } = await api.get('app/user/cart/count');
    setTabBadge(CART_TAB_INDEX, count > 99 ? '99+' : count);
  } catch {
    // the badge is a hint, never worth an error
  }
}
