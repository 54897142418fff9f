import { clearOfflineCards } from '../features/simcard';
import { on } from '../lib/events';
import { dictQuery } from '../lib/dict';
import { seedFromFirstScreen } from '../lib/first-screen';
import { currentLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { refreshCartBadge, sessionStore } from '../lib/session';

/**
 * Start-up work of spec section 2: refresh the dictionaries (unless the page came with them); with a token, load the profile, then the cart.
 * Also drops everything cached for the previous user on logout, and the SIM cards kept for offline use.
 */
export async function launch(): Promise<void> {
  on('logout', () => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'dict' });
    clearOfflineCards();
  });
  // the dictionaries the server wrote into the page it just served are this launch's refresh
  const served = seedFromFirstScreen(
    queryClient,
    dictQuery.queryKey,
    'POST app/dict/info/data',
    null,
    currentLanguage(),
  );
  const dict = served
    ? Promise.resolve()
    : queryClient.fetchQuery({ ...dictQuery, staleTime: 0 }).catch(() => undefined);
  const user = sessionStore.getState().token
    ? sessionStore
        .loadUser()
        .then(() => refreshCartBadge())
        .catch(() => undefined) // an expired session has already logged out; a network error keeps the stored profile
    : Promise.resolve();
  await Promise.all([dict, user]);
}
