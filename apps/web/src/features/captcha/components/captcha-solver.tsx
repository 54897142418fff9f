import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, SpinLoading, Toast } from 'antd-mobile';
import type { CaptchaKind } from '@simshop/contracts';
import { captchaQuery } from '../api/captcha.api';
import { RotatePuzzle } from './rotate-puzzle';
import { SlidePuzzle } from './slide-puzzle';
import './captcha.css';

export type CaptchaSolution = { captchaId: string; answer: number };

export type CaptchaSolverProps = {
  type: CaptchaKind;
  /** Uses the answer (e.g. sends the SMS code). A rejection shows its message and loads a fresh captcha. */
  onSolve: (solution: CaptchaSolution) => Promise<void>;
};

/** The widest picture (slide, 300 px); narrower screens scale the puzzle down. */
const NATURAL_WIDTH = 300;

function useFitScale() {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScale(el.clientWidth > 0 ? Math.min(1, el.clientWidth / NATURAL_WIDTH) : 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, scale };
}

/** Loads a captcha of the given kind, lets the person solve it, and hands the answer to `onSolve`. */
export function CaptchaSolver({ type, onSolve }: CaptchaSolverProps) {
  const { t } = useTranslation('captcha');
  const hintId = useId();
  const { ref, scale } = useFitScale();
  const query = useQuery(captchaQuery(type));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = query.data;

  useEffect(() => setError(null), [type]);

  const solve = async (answer: number) => {
    if (!captcha || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSolve({ captchaId: captcha.captchaId, answer });
    } catch (e) {
      // Whatever went wrong, the server has spent this captcha: show why and bring a fresh one.
      const message = e instanceof Error && e.message ? e.message : t('failed');
      setError(message);
      Toast.show({ content: message, icon: 'fail' });
      await query.refetch();
    } finally {
      setBusy(false);
    }
  };

  const refresh = () => {
    setError(null);
    void query.refetch();
  };

  return (
    <section className="captcha-solver" aria-busy={query.isFetching || busy}>
      <p id={hintId} className="captcha-hint">
        {t(type === 'slide' ? 'slideHint' : 'rotateHint')}
        <span className="captcha-sr-only"> {t('keyboardHint')}</span>
      </p>
      <div ref={ref} className="captcha-frame">
        {captcha && captcha.type === type ? (
          captcha.type === 'slide' ? (
            <SlidePuzzle
              key={captcha.captchaId}
              captcha={captcha}
              scale={scale}
              disabled={busy || query.isFetching}
              hintId={hintId}
              onAnswer={(answer) => void solve(answer)}
            />
          ) : (
            <RotatePuzzle
              key={captcha.captchaId}
              captcha={captcha}
              scale={scale}
              disabled={busy || query.isFetching}
              hintId={hintId}
              onAnswer={(answer) => void solve(answer)}
            />
          )
        ) : query.isError && !query.isFetching ? (
          <Button className="captcha-load-failed" fill="none" onClick={refresh}>
            {t('loadFailed')}
          </Button>
        ) : (
          <div className="captcha-loading" role="status">
            <SpinLoading aria-hidden="true" />
            <span>{t('loading')}</span>
          </div>
        )}
      </div>
      <p className="captcha-status" role="alert">
        {error ?? ''}
      </p>
      <p className="captcha-progress" role="status">
        {busy ? t('verifying') : ''}
      </p>
      <Button size="small" fill="outline" onClick={refresh} disabled={query.isFetching || busy}>
        {t('refresh')}
      </Button>
    </section>
  );
}
