import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { APP_VERSION, APP_VERSION_CODE, regionalFormat } from '@simshop/contracts';
import { currentLanguage } from '../../../lib/i18n';
import { versionCheckQuery } from '../api/user.api';
import { errorMessage } from '../../../shared';
import './user.css';

/** This build's version, and on request the latest published one: up to date, or what is new. */
export function VersionCheck() {
  const { t } = useTranslation('user');
  const query = useQuery(versionCheckQuery);
  const data = query.data;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(regionalFormat(currentLanguage()), { dateStyle: 'medium' }).format(new Date(iso));

  return (
    <>
      <section className="user-section user-version">
        <p className="user-version-current">
          {t('version.current', { version: APP_VERSION, code: APP_VERSION_CODE })}
        </p>
        <Button
          color="primary"
          block
          loading={query.isFetching}
          loadingText={t('version.checking')}
          onClick={() => void query.refetch()}
        >
          {t('version.check')}
        </Button>
      </section>
      <section className="user-section user-version" aria-live="polite">
        {query.isError ? (
          <p role="alert">{errorMessage(query.error, t('version.failed'))}</p>
        ) : !data || query.isFetching ? null : data.hasUpdate && data.latest ? (
          <>
            <h2 className="user-section-title">
              {t('version.newVersion', { version: data.latest.version })}
            </h2>
            <p className="user-note">
              {t('version.published', { date: date(data.latest.publishedAt) })} ·{' '}
              {data.latest.force ? t('version.force') : t('version.optional')}
            </p>
            <p className="user-version-notes">{data.latest.description}</p>
            {data.latest.url ? (
              <a className="adm-button adm-button-primary adm-button-block" href={data.latest.url}>
                {t('version.download')}
              </a>
            ) : (
              <Button color="primary" block onClick={() => window.location.reload()}>
                {t('version.reload')}
              </Button>
            )}
          </>
        ) : (
          <>
            <h2 className="user-section-title">{t('version.upToDate')}</h2>
            {data.latest ? (
              <p className="user-note">
                {t('version.latestIs', { version: data.latest.version, date: date(data.latest.publishedAt) })}
              </p>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
