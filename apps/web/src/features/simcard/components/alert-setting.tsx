import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIM_ALERT_MB_MAX, type SimCardSummary } from '@simshop/contracts';
import { useSimCardAlert } from '../api/simcard.api';
import { toast, toastError } from '../../../shared';

/** The low-data threshold in MB: fires once when data left falls below it. Off when null. */
export function AlertSetting({ card, offline }: { card: SimCardSummary; offline?: boolean }) {
  const { t } = useTranslation('simcard');
  const save = useSimCardAlert();
  const [value, setValue] = useState(card.lowDataAlertMb === null ? '' : String(card.lowDataAlertMb));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (thresholdMb: number | null) => {
    if (
      thresholdMb !== null &&
      !(Number.isInteger(thresholdMb) && thresholdMb >= 1 && thresholdMb <= SIM_ALERT_MB_MAX)
    ) {
      setError(t('alert.invalid', { max: SIM_ALERT_MB_MAX }));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await save(card.iccid, thresholdMb);
      setValue(res.lowDataAlertMb === null ? '' : String(res.lowDataAlertMb));
      toast(t('alert.saved'), 'success');
    } catch (e) {
      toastError(e, t('alert.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="sim-card-box" aria-labelledby="sim-alert">
      <h2 id="sim-alert">{t('alert.title')}</h2>
      <p className="sim-hint">
        {card.lowDataAlertMb === null ? t('alert.off') : t('alert.current', { mb: card.lowDataAlertMb })}
        {' · '}
        {t('alert.hint')}
      </p>
      <form
        className="sim-alert-form"
        onSubmit={(e) => {
          e.preventDefault();
          const v = value.trim();
          void submit(v === '' ? null : Number(v));
        }}
      >
        <label>
          <span>{t('alert.label')}</span>
          <input
            value={value}
            inputMode="numeric"
            aria-invalid={Boolean(error)}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
        </label>
        <button type="submit" className="sim-btn sim-btn-sm" disabled={busy || offline}>
          {t('alert.save')}
        </button>
        {card.lowDataAlertMb !== null ? (
          <button
            type="button"
            className="sim-btn sim-btn-sm sim-btn-ghost"
            disabled={busy || offline}
            onClick={() => void submit(null)}
          >
            {t('alert.turnOff')}
          </button>
        ) : null}
      </form>
      {error ? (
        <p className="sim-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
