import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared';

/** A labelled value with a copy button (SM-DP+ address, activation code, confirmation code). */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const { t } = useTranslation('simcard');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(t('detail.copied'), 'success');
    } catch {
      toast(t('detail.copyFailed'), 'fail');
    }
  };
  return (
    <div className="sim-copy">
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
        <button
          type="button"
          className="sim-copy-btn"
          aria-label={`${t('detail.copy')} ${label}`}
          onClick={() => void copy()}
        >
          {t('detail.copy')}
        </button>
      </dd>
      {hint ? <p className="sim-hint">{hint}</p> : null}
    </div>
  );
}
