import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CART_QUANTITY, TOAST_DURATION_MS } from '@simshop/contracts';
import { api, type ApiData } from '../../../lib/api/client';
import { refreshCartBadge } from '../../../lib/session';
import { showToast } from '../../../shared';

/** Every cart query key starts with `['cart']`, so one invalidation refreshes them all. */
export const CART_KEY = ['cart'] as const;

export type CartChange = ApiData<'post', 'app/user/cart/add'>;

/** The cart's lines grouped by sale type, with whether the checked lines may be checked out together and why not. */
export const cartGroupsQuery = (lang: string) =>
  queryOptions({
    queryKey: [...CART_KEY, lang, 'groups'] as const,
    queryFn: ({ signal }) => api.get('app/user/cart/saleTypeGroups', { signal }),
  });

/** Cart-level state over the checked lines: total, pay methods, points, card number, address, mixing. */
export const cartSummaryQuery = (lang: string) =>
  queryOptions({
    queryKey: [...CART_KEY, lang, 'summary'] as const,
    queryFn: ({ signal }) => api.get('app/user/cart/summary', { signal }),
  });

/**
 * Puts a spec in the cart (one unit by default); the server caps the line at the stock and says so in `notice`.
 * Afterwards, success or not, every cart query is marked stale and the tab badge refreshed. A failure rejects with
 * the server's message: the caller says what went wrong.
 */
export const useAddToCart = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { specId: number; quantity?: number }) =>
      api.post('app/user/cart/add', {
        body: { specId: input.specId, quantity: input.quantity ?? DEFAULT_CART_QUANTITY },
      }),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: CART_KEY });
      void refreshCartBadge();
    },
  });
};

export type CartFailure = 'deleteFailed' | 'updateFailed' | 'clearFailed';

function toastFailure(message: string, err: unknown) {
  // Spec section 8: each cart failure shows a toast and logs to the console.
  console.error(message, err);
  showToast({ content: message, icon: 'fail', duration: TOAST_DURATION_MS });
}

/**
 * The cart page's writes. Each one refreshes every cart query and the tab badge afterwards; a failure shows the
 * spec's toast (Delete/Update/Clear failed) and resolves to undefined; a quantity capped at the stock shows the
 * server's notice.
 */
export function useCartActions() {
  const qc = useQueryClient();
  const { t } = useTranslation('cart');

  const run = useCallback(
    async <T>(failure: CartFailure, call: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await call();
      } catch (err) {
        toastFailure(t(`failures.${failure}`), err);
        return undefined;
      } finally {
        await qc.invalidateQueries({ queryKey: CART_KEY });
        void refreshCartBadge();
      }
    },
    [qc, t],
  );

  const showNotice = (res: CartChange | undefined) => {
    if (res?.capped && res.notice) showToast({ content: res.notice, duration: TOAST_DURATION_MS });
    return res;
  };

  return {
    setQuantity: (id: number, quantity: number) =>
      run('updateFailed', () => api.post('app/user/cart/update', { body: { id, quantity } })).then(
        showNotice,
      ),
    check: (ids: number[] | undefined, checked: boolean) =>
      run('updateFailed', () => api.post('app/user/cart/check', { body: { ids, checked } })),
    remove: (ids: number[]) =>
      run('deleteFailed', () => {
        const [only] = ids;
        return ids.length === 1 && only !== undefined
          ? api.post('app/user/cart/remove', { body: { id: only } })
          : api.post('app/user/cart/batchRemove', { body: { ids } });
      }),
    clear: () =>
      run('clearFailed', async () => {
        const summary = await api.post('app/user/cart/clear');
        // Clearing resets all cart-level state (spec section 4): drop what was cached before refetching.
        qc.removeQueries({ queryKey: CART_KEY });
        return summary;
      }),
  };
}
