import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './user.css';

export const SEARCH_PAGE = '/pages/goods/search';

/** Home's own bar: the shop's name and the search entry (a link to the search page). */
export function HomeHeader() {
  const { t } = useTranslation('user');
  return (
    <header className="home-navbar">
      <span className="home-brand" aria-hidden="true">
        {t('common:appName')}
      </span>
      <Link
        className="home-search"
        to={SEARCH_PAGE}
        // the visible words are part of the name (axe label-content-name-mismatch)
        aria-label={`${t('home.search')}: ${t('home.searchPlaceholder')}`}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{t('home.searchPlaceholder')}</span>
      </Link>
    </header>
  );
}

/**
 * Home's content area. The catalogue (banners, goods) fills it; until something does, a small note says so
 * plainly instead of showing invented goods.
 */
export function HomeBody({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('user');
  const empty = children === undefined || children === null || children === false;
  return (
    <div className="home-body">
      {empty ? <p className="home-note">{t('home.catalogueNote')}</p> : children}
    </div>
  );
}
