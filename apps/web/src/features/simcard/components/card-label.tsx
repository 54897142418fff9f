import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIM_LABEL_MAX } from '@simshop/contracts';
import { toast, toastError } from '../../../shared';
import { useLabelSimCard } from '../api/simcard-own.api';

/** The buyer's own name for a card ("Mum's phone"): shown as the card's title, edited in place. */
export function CardLabel({
  iccid,
  label,
  disabled,
}: {
  iccid: string;
  label: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation('simcard-own');
  const save = useLabelSimCard();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(label ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = value.trim();
    if (v.length > SIM_LABEL_MAX) {
      setError(t('tooLong', { max: SIM_LABEL_MAX }));
      return;
    }
    setBusy(true);
    try {
      await save(iccid, v === '' ? null : v);
      toast(t('saved'), 'success');
      setEditing(false);
    } catch (e) {
      toastError(e, t('nameTitle'));
    } finally {
      setBusy(false);
    }
  };
  if (!editing)
    return (
      <p className="sim-label">
        {label ? <strong data-testid="sim-label">{label}</strong> : null}
        <button
          type="button"
          className="sim-link-btn"
          disabled={disabled}
          onClick={() => {
            setValue(label ?? '');
            setEditing(true);
          }}
        >
          {label ? t('rename') : t('nameTitle')}
        </button>
      </p>
    );
  return (
    <form
      className="sim-alert-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        <span>{t('nameTitle')}</span>
        <input
          value={value}
          placeholder={t('namePlaceholder')}
          maxLength={SIM_LABEL_MAX + 10}
          aria-invalid={Boolean(error)}
          data-testid="sim-label-input"
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
      </label>
      <button type="submit" className="sim-btn sim-btn-sm" disabled={busy}>
        {t('save')}
      </button>
      <button type="button" className="sim-btn sim-btn-sm sim-btn-ghost" onClick={() => setEditing(false)}>
        {t('cancel')}
      </button>
      {error ? (
        <p className="sim-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
