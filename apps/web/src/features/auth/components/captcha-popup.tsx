import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popup } from 'antd-mobile';
import type { CaptchaKind } from '@simshop/contracts';
import { CaptchaSolver, type CaptchaSolution } from '../../captcha';
import './auth.css';

type Pending = (solution: CaptchaSolution) => Promise<void>;

/**
 * A captcha in a bottom sheet, for checks that must not leave the page (sending a code while a form is
 * half filled, a password login after repeated failures). `ask(use)` opens it; `use` receives the
 * solution. If `use` rejects, the solver shows why and offers a fresh captcha; it closes on success.
 */
export function useCaptchaPopup(): { ask: (use: Pending) => void; close: () => void; popup: ReactNode } {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const [type, setType] = useState<CaptchaKind>('slide');
  const pending = useRef<Pending | null>(null);

  const ask = useCallback((use: Pending) => {
    pending.current = use;
    setVisible(true);
  }, []);
  const close = useCallback(() => {
    pending.current = null;
    setVisible(false);
  }, []);

  const onSolve = async (solution: CaptchaSolution) => {
    const submit = pending.current;
    if (!submit) return;
    await submit(solution);
    close();
  };

  const popup = (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      destroyOnClose
      bodyClassName="auth-captcha-popup"
      aria-label={t('captchaTitle')}
    >
      <div role="dialog" aria-modal="true" aria-labelledby="auth-captcha-title">
        <div className="auth-popup-head">
          <h2 id="auth-captcha-title">{t('captchaTitle')}</h2>
          <Button size="small" fill="none" onClick={close}>
            {t('cancel')}
          </Button>
        </div>
        {visible ? <CaptchaSolver type={type} onSolve={onSolve} /> : null}
        <Button
          block
          fill="none"
          size="small"
          onClick={() => setType((k) => (k === 'slide' ? 'rotate' : 'slide'))}
        >
          {t(type === 'slide' ? 'captchaUseRotate' : 'captchaUseSlide')}
        </Button>
      </div>
    </Popup>
  );
  return { ask, close, popup };
}
