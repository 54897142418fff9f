import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
// every page shows the loading and error states: their few rules in the app's styles, not a file of their own
import '../shared/ui/query-state.css';
import { NAVBAR_HEIGHT } from '@simshop/contracts';
import { PullToRefresh } from './pull-to-refresh';

export type PageProps = {
  /** Shown in the title bar (as the page's one h1) and as the document title. */
  title: string;
  /**
   * default: the standard title bar; custom: the page passes its own bar in `header` (it must not contain
   * another h1, the title is kept as a visually hidden h1); none: no bar, title visually hidden.
   */
  navbar?: 'default' | 'custom' | 'none';
  /** Back button in the default bar (tab pages turn it off). */
  back?: boolean;
  /** Right side of the default bar. */
  right?: ReactNode;
  /** The custom bar (navbar="custom"). */
  header?: ReactNode;
  /** Enables pull-to-refresh; the refresher closes when the promise settles. */
  onRefresh?: () => Promise<unknown>;
  className?: string;
  children?: ReactNode;
};

function BackIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M15.5 4.5 8 12l7.5 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Back one page, or home when this is the only page of the app in the history stack. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // The router gives the entry it started on the key 'default': nothing of ours lies behind it.
  const first = location.key === 'default';
  return () => void (first ? navigate('/', { replace: true }) : navigate(-1));
}

/** Frame of every page: title bar, the one main landmark and h1, optional pull-to-refresh. */
export function Page({
  title,
  navbar = 'default',
  back = true,
  right,
  header,
  onRefresh,
  className,
  children,
}: PageProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();

  useEffect(() => {
    document.title = title ? `${title} · ${t('common:appName')}` : t('common:appName');
  }, [title, t]);

  const heading = (
    <h1 className={navbar === 'default' ? 'page-title' : 'sr-only'} id="page-title">
      {title}
    </h1>
  );
  const body = onRefresh ? <PullToRefresh onRefresh={onRefresh}>{children}</PullToRefresh> : children;

  return (
    <div className={`page${className ? ` ${className}` : ''}`}>
      {navbar === 'default' ? (
        <header className="page-navbar">
          {/* antd's NavBar markup and styles, without its role="button" on the left slot, which axe flags
              (aria-command-name when empty, nested-interactive around the back button; issue 12) */}
          <div className="adm-nav-bar" style={{ '--height': `${NAVBAR_HEIGHT}px` } as CSSProperties}>
            <div className="adm-nav-bar-left">
              {back ? (
                <button type="button" className="page-back" onClick={goBack} aria-label={t('common:back')}>
                  <BackIcon />
                </button>
              ) : null}
            </div>
            <div className="adm-nav-bar-title">{heading}</div>
            <div className="adm-nav-bar-right">{right}</div>
          </div>
        </header>
      ) : navbar === 'custom' ? (
        header
      ) : null}
      <main className="page-main" aria-labelledby="page-title">
        {navbar === 'default' ? null : heading}
        {body}
      </main>
    </div>
  );
}
