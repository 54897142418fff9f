import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAfterLoad } from '../../../lib/idle';
import { formatMoney, LoadError, Loading } from '../../../shared';
import { tripDestinationsQuery } from '../api/trip.api';
import { TripPlanner } from './trip-planner';
import './trip.css';

const listPath = (code: string) =>
  `/pages/goods/list?${new URLSearchParams({ destination: code }).toString()}`;

/**
 * The spec's /pages/index/website (issue 27): the desktop visitor's landing page, the trip planner beside every
 * destination on sale with its lowest price. The server writes its title, description and plans (JSON-LD).
 */
export function WebsiteLanding() {
  const { t, i18n } = useTranslation('trip');
  const destinations = useQuery(tripDestinationsQuery(i18n.language));
  // the flags are below the planner: fetched once the page has loaded, their place kept meanwhile
  const flags = useAfterLoad();
  return (
    <div className="site">
      <section className="site-hero" aria-labelledby="site-hero-title">
        <h2 id="site-hero-title">{t('website.heroTitle')}</h2>
        <p>{t('website.heroText')}</p>
      </section>
      <div className="site-columns">
        <section className="site-planner" aria-labelledby="site-planner-title">
          <h2 id="site-planner-title">{t('website.planner')}</h2>
          <TripPlanner />
        </section>
        <section className="site-destinations" aria-labelledby="site-destinations-title">
          <h2 id="site-destinations-title">{t('website.destinations')}</h2>
          {destinations.isError ? (
            <LoadError error={destinations.error} onRetry={() => void destinations.refetch()} />
          ) : !destinations.data ? (
            <Loading />
          ) : (
            <ul className="site-destination-list">
              {destinations.data.map((d) => (
                <li key={d.code}>
                  <Link to={listPath(d.code)} className="site-destination">
                    {flags ? (
                      <img src={d.flag} alt="" width="32" height="24" loading="lazy" />
                    ) : (
                      <span className="site-flag-slot" aria-hidden="true" />
                    )}
                    <span className="site-destination-name">{d.name}</span>
                    {d.minPrice !== null ? (
                      <span className="trip-muted">
                        {t('website.from', { price: formatMoney(d.minPrice, d.currency, i18n.language) })}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
