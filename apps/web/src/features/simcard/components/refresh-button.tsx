import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, toastError } from '../../../shared';
import { useRefreshSimCard } from '../api/simcard-own.api';

/** "Refresh now" beside the reading's time: the server says how long to wait when asked too often. */
export function RefreshButton({ iccid, disabled }: { iccid: string; disabled?: boolean }) {
  const { t, i18n } = useTranslation('simcard-own');
  const refresh = useRefreshSimCard(i18n.language);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await refresh(iccid);
      toast(t('refreshed'), 'success');
    } catch (e) {
      toastError(e, t('refresh'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="sim-btn sim-btn-sm sim-btn-ghost"
      data-testid="sim-refresh"
      disabled={busy || disabled}
      onClick={() => void run()}
    >
      {busy ? t('refreshing') : t('refresh')}
    </button>
  );
}
