import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { isValidIccid } from '@simshop/contracts';
import { useBindSimCard } from '../api/simcard.api';
import { toast, toastError } from '../../../shared';

const compact = (s: string) => s.trim().replace(/[\s-]/g, '');

/**
 * "Bind a physical SIM card": the ICCID printed on an arrived card, checked (Luhn) before it is sent, and
 * the bind code printed with it (not needed for a card that came with one of the buyer's orders). The
 * server binds only cards the shop sold to the buyer; its refusal is shown as it says it.
 */
export function BindCard() {
  const { t } = useTranslation('simcard');
  const bind = useBindSimCard();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const iccid = compact(value);
    const problem = !iccid ? t('bind.required') : isValidIccid(iccid) ? null : t('bind.invalid');
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await bind(iccid, compact(code) || undefined);
      toast(t('bind.done'), 'success');
      setOpen(false);
      setValue('');
      setCode('');
    } catch (e) {
      toastError(e, t('bind.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="sim-btn sim-btn-ghost sim-btn-block" onClick={() => setOpen(true)}>
        {t('bind.open')}
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="sim-sheet" destroyOnClose>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <h2>{t('bind.title')}</h2>
          <label className="sim-field">
            <span>{t('bind.label')}</span>
            <input
              value={value}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('bind.placeholder')}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'sim-bind-error' : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
            />
          </label>
          <label className="sim-field">
            <span>{t('bind.codeLabel')}</span>
            <input
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={t('bind.codePlaceholder')}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          {error ? (
            <p id="sim-bind-error" className="sim-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="sim-sheet-actions">
            <button type="button" className="sim-btn sim-btn-ghost" onClick={() => setOpen(false)}>
              {t('bind.cancel')}
            </button>
            <button type="submit" className="sim-btn" disabled={busy}>
              {t('bind.submit')}
            </button>
          </div>
        </form>
      </Popup>
    </>
  );
}
