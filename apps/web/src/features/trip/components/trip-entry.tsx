import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRIP_PLANNER_PATH } from '../model/trip-params';
import './trip.css';

/** The way into the trip planner, for the home page and the desktop landing page. */
export function TripPlannerEntry() {
  const { t } = useTranslation('trip');
  return (
    <Link className="trip-entry" to={TRIP_PLANNER_PATH}>
      <div>
        <strong>{t('entry.title')}</strong>
        <span>{t('entry.text')}</span>
      </div>
      <span aria-hidden="true">›</span>
    </Link>
  );
}
