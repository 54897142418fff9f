import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './query-state.css';

/** Loading spinner, a failed call's message with a retry button, or an empty note: the states of every query. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="query-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label ?? t('common:loading')}</span>
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error && error.message ? error.message : t('common:serviceAbnormal');
  return (
    <div className="query-state" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="query-state-retry" onClick={onRetry}>
          {t('common:retry')}
        </button>
      ) : null}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="query-state query-state-empty">
      <svg width="56" height="56" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect x="10" y="18" width="44" height="34" rx="6" fill="#e6e9ef" />
        <path d="M10 28h44" stroke="#cfd5de" strokeWidth="3" />
        <circle cx="32" cy="40" r="5" fill="#cfd5de" />
      </svg>
      <p>{children}</p>
    </div>
  );
}
