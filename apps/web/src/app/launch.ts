import { clearOfflineCards } from '../features/simcard';
import { on } from '../lib/events';
import { dictQuery } from '../lib/dict';
import { afterLoad } from '../lib/idle';
import { queryClient } from '../lib/query-client';
import { refreshCartBadge, sessionStore } from '../lib/session';

/**
 * Start-up work of spec section 2: refresh the dictionaries (once the page has loaded); with a token, load the profile, then the cart.
 * Also drops everything cached for the previous user on logout, and the SIM cards kept for offline use.
 */
export async function launch(): Promise<void> {
  on('logout', () => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'dict' });
    clearOfflineCards();
  });
  // no first screen needs them (pages that do ask for them themselves): not before the page has loaded
  const dict = new Promise<void>((resolve) =>
    afterLoad(
      () =>
        void queryClient
          .fetchQuery({ ...dictQuery, staleTime: 0 })
          .catch(() => undefined)
          .then(() => resolve()),
    ),
  );
  const user = sessionStore.getState().token
    ? sessionStore
        .loadUser()
        .then(() => refreshCartBadge())
        .catch(() => undefined) // an expired session has already logged out; a network error keeps the stored profile
    : Promise.resolve();
  await Promise.all([dict, user]);
}
