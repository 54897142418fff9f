import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../shared';
import { esimDevicesQuery } from '../api/catalogue.api';
import { ESIM_DEVICES_PATH } from '../model/paths';
import { deviceName } from '../model/device-name';
import { useDebouncedValue } from '../model/use-debounced';
import { EsimPhoneCheck } from './esim-phone-check';
import './storefront.css';

/** The device models the shop knows support eSIM, by brand, searchable by brand or model. */
export function EsimDevicesView() {
  const { t } = useTranslation('catalogue');
  const [q, setQ] = useState('');
  const keyWord = useDebouncedValue(q.trim().slice(0, 64));
  const devices = useQuery({ ...esimDevicesQuery(keyWord), placeholderData: keepPreviousData });
  return (
    <div className="cat-devices">
      <p className="cat-devices-intro">{t('devices.intro')}</p>
      <EsimPhoneCheck />
      <input
        type="search"
        className="cat-coverage-search"
        aria-label={t('devices.search')}
        placeholder={t('devices.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {devices.isError ? (
        <LoadError error={devices.error} onRetry={() => void devices.refetch()} />
      ) : !devices.data ? (
        <Loading />
      ) : devices.data.length === 0 ? (
        <p className="cat-muted">{t('devices.none', { q: keyWord })}</p>
      ) : (
        devices.data.map((b) => (
          <section key={b.brand} className="cat-detail-card" aria-labelledby={`brand-${b.brand}`}>
            <h2 id={`brand-${b.brand}`}>
              {b.brand} <span className="cat-muted">· {t('devices.count', { count: b.models.length })}</span>
            </h2>
            <ul className="cat-devices-models">
              {b.models.map((m) => (
                <li key={m}>{deviceName(m, t)}</li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

/** The link to the device check, for the goods page of an eSIM and the checkout. */
export function EsimDevicesLink({ className }: { className?: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <Link className={`cat-devices-link${className ? ` ${className}` : ''}`} to={ESIM_DEVICES_PATH}>
      {/* drawn, not an emoji: a phone without an emoji font showed an empty box */}
      <svg
        className="cat-devices-icon"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="6" y="2" width="12" height="20" rx="2.5" />
        <path d="M11 18h2" />
      </svg>{' '}
      {t('devices.link')}
    </Link>
  );
}
