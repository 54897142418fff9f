import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from 'antd-mobile';
import {
  TOAST_DURATION_MS,
  type CartChangeResponse,
  type CartSaleTypeGroups,
  type CartSummary,
} from '@simshop/contracts';
import { request } from '../../../lib/request';
import { refreshCartBadge } from '../../../lib/session';

/** The cart calls (issue 4), paths after `/api/`. */
export const CART_URLS = {
  list: 'app/user/cart/list',
  add: 'app/user/cart/add',
  update: 'app/user/cart/update',
  check: 'app/user/cart/check',
  remove: 'app/user/cart/remove',
  batchRemove: 'app/user/cart/batchRemove',
  clear: 'app/user/cart/clear',
  count: 'app/user/cart/count',
  summary: 'app/user/cart/summary',
  saleTypeGroups: 'app/user/cart/saleTypeGroups',
} as const;

/** Every cart query key starts with `['cart']`, so one invalidation refreshes them all (the catalogue relies on it). */
export const CART_KEY = ['cart'] as const;

/** The cart's lines grouped by sale type, with whether the checked lines may be checked out together and why not. */
export const cartGroupsQuery = (lang: string) =>
  queryOptions({
    queryKey: [...CART_KEY, lang, 'groups'] as const,
    queryFn: ({ signal }) => request<CartSaleTypeGroups>({ url: CART_URLS.saleTypeGroups, signal }),
  });

/** Cart-level state over the checked lines: total, pay methods, points, card number, address, mixing. */
export const cartSummaryQuery = (lang: string) =>
  queryOptions({
    queryKey: [...CART_KEY, lang, 'summary'] as const,
    queryFn: ({ signal }) => request<CartSummary>({ url: CART_URLS.summary, signal }),
  });

export type CartFailure = 'addFailed' | 'deleteFailed' | 'updateFailed' | 'clearFailed';

function toastFailure(message: string, err: unknown) {
  // Spec section 8: each cart failure shows a toast and logs to the console.
  console.error(message, err);
  Toast.show({ content: message, icon: 'fail', duration: TOAST_DURATION_MS });
}

/**
 * The cart's writes. Each one refreshes every cart query and the tab badge afterwards; a failure shows the spec's
 * toast (Add/Delete/Update/Clear failed) and resolves to undefined; a quantity capped at the stock shows the
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

  const showNotice = (res: CartChangeResponse | undefined) => {
    if (res?.capped && res.notice) Toast.show({ content: res.notice, duration: TOAST_DURATION_MS });
    return res;
  };

  return {
    add: (specId: number, quantity: number) =>
      run('addFailed', () =>
        request<CartChangeResponse>({ url: CART_URLS.add, method: 'POST', data: { specId, quantity } }),
      ).then(showNotice),
    setQuantity: (id: number, quantity: number) =>
      run('updateFailed', () =>
        request<CartChangeResponse>({ url: CART_URLS.update, method: 'POST', data: { id, quantity } }),
      ).then(showNotice),
    check: (ids: number[] | undefined, checked: boolean) =>
      run('updateFailed', () =>
        request<CartSummary>({ url: CART_URLS.check, method: 'POST', data: { ids, checked } }),
      ),
    remove: (ids: number[]) =>
      run('deleteFailed', () =>
        ids.length === 1
          ? request<{ removed: number }>({ url: CART_URLS.remove, method: 'POST', data: { id: ids[0] } })
          : request<{ removed: number }>({ url: CART_URLS.batchRemove, method: 'POST', data: { ids } }),
      ),
    clear: () =>
      run('clearFailed', async () => {
        const summary = await request<CartSummary>({ url: CART_URLS.clear, method: 'POST', data: {} });
        // Clearing resets all cart-level state (spec section 4): drop what was cached before refetching.
        qc.removeQueries({ queryKey: CART_KEY });
        return summary;
      }),
  };
}
