import { useCallback } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { SimCardDetail } from '@simshop/contracts';
import { api } from '../../../lib/api/client';

export const SIMCARD_KEY = ['simcard'] as const;

/** The caller's SIM cards, with the unread-alert count for the badge. */
export const simCardListQuery = (lang: string) =>
  queryOptions({
    queryKey: [...SIMCARD_KEY, lang, 'list'] as const,
    queryFn: ({ signal }) => api.get('app/simcard/iccid/list', { signal }),
  });

/** One of the caller's cards, with its activation code and usage history. */
export const simCardDetailQuery = (lang: string, iccid: string) =>
  queryOptions({
    queryKey: [...SIMCARD_KEY, lang, 'detail', iccid] as const,
    queryFn: ({ signal }): Promise<SimCardDetail> =>
      api.get('app/simcard/iccid/detail', { query: { iccid }, signal }),
    // offline, fail at once and show the stored copy instead of retrying for seconds
    retry: (count) => count < 1 && navigator.onLine,
  });

/** Binds a physical card by its ICCID (and the bind code printed with it, when it did not ship with an
 *  order of the buyer's); refreshes the list. */
export function useBindSimCard() {
  const qc = useQueryClient();
  return async (iccid: string, bindCode?: string) => {
    const card = await api.post('app/simcard/iccid/bind', {
      body: bindCode ? { iccid, bindCode } : { iccid },
    });
    await qc.invalidateQueries({ queryKey: SIMCARD_KEY });
    return card;
  };
}

/** Sets (or, with null, turns off) a card's low-data alert threshold in MB. */
export function useSimCardAlert() {
  const qc = useQueryClient();
  return async (iccid: string, thresholdMb: number | null) => {
    const res = await api.post('app/simcard/iccid/alert', { body: { iccid, thresholdMb } });
    await qc.invalidateQueries({ queryKey: SIMCARD_KEY });
    return res;
  };
}

/** The newest alerts (low data, eSIM delivered, top-up done), for the list page's sheet. */
export const simNoticesQuery = (lang: string) =>
  queryOptions({
    queryKey: [...SIMCARD_KEY, lang, 'notices'] as const,
    queryFn: ({ signal }) => api.get('app/simcard/iccid/notices', { query: { page: 1, size: 20 }, signal }),
  });

/** Marks alerts read (all when `ids` is absent); refreshes the count. */
export function useReadNotices() {
  const qc = useQueryClient();
  // one function per query client, so an effect that marks notices read runs when the notices change only
  return useCallback(
    async (ids?: number[]) => {
      const res = await api.post('app/simcard/iccid/notices/read', { body: { ids } });
      await qc.invalidateQueries({ queryKey: [...SIMCARD_KEY] });
      return res;
    },
    [qc],
  );
}

/** Unread SIM card alerts, for the badge on the account page (refreshed every minute while shown). */
export const simNoticeUnreadQuery = (lang: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...SIMCARD_KEY, lang, 'notices', 'unread'] as const,
    queryFn: ({ signal }) => api.get('app/simcard/iccid/notices/unread', { signal }),
    enabled,
    refetchInterval: 60_000,
  });
