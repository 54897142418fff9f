import { useQueryClient } from '@tanstack/react-query';
import type { SimCardDetail } from '@simshop/contracts';
import { api } from '../../../lib/api/client';
import { SIMCARD_KEY, simCardDetailQuery } from './simcard.api';

/** "Refresh now": the partner's reading of one card, now (rate-limited by the server); the page shows it. */
export function useRefreshSimCard(lang: string) {
  const qc = useQueryClient();
  return async (iccid: string): Promise<SimCardDetail> => {
    const card = await api.post('app/simcard/iccid/refresh', { body: { iccid } });
    qc.setQueryData(simCardDetailQuery(lang, iccid).queryKey, card);
    await qc.invalidateQueries({ queryKey: [...SIMCARD_KEY, lang, 'list'] });
    return card;
  };
}

/** Names one of the buyer's cards ("Mum's phone"); null or empty clears the name. */
export function useLabelSimCard() {
  const qc = useQueryClient();
  return async (iccid: string, label: string | null) => {
    const res = await api.post('app/simcard/iccid/label', { body: { iccid, label } });
    await qc.invalidateQueries({ queryKey: SIMCARD_KEY });
    return res;
  };
}
