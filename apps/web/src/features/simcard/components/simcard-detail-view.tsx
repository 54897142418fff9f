import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NET_CODE_ABORT, SUCCESS_CODE, type SimCardDetail } from '@simshop/contracts';
import { useSession } from '../../../lib/session';
import { topUpPath } from '../../catalogue';
import { simCardDetailQuery } from '../api/simcard.api';
import { countryNames, formatData, formatWhen, groupIccid, supportsAppleOneTap } from '../model/format';
import { loadOfflineCard, saveOfflineCard } from '../model/offline-cards';
import { SIMCARD_LIST_PATH } from '../model/paths';
import { ActivationQr } from './activation-qr';
import { AlertSetting } from './alert-setting';
import { CopyField } from './copy-field';
import { DataBar } from './data-bar';
import { ForecastText } from './forecast-text';
import { InstallSteps } from './install-steps';
import { StatusTag } from './status-tag';
import { CardLabel } from './card-label';
import { RefreshButton } from './refresh-button';
import { TopUpStacking, ValidityEnds } from './validity-ends';
import { Empty, LoadError, Loading, errorCode } from '../../../shared';
import './simcard.css';

/** The server refused (no such card, or not the caller's): a business error code, not a network failure. */
const isRefusal = (code: number | undefined) =>
  code !== undefined && code > SUCCESS_CODE && code < NET_CODE_ABORT;

/**
 * One of the buyer's cards: ICCID, the eSIM's QR and codes, usage with its forecast, validity, top-up, the
 * low-data alert and install steps. Each detail fetched is stored for this user (model/offline-cards), so the
 * page opens without a network once it has been opened online: travellers land before their eSIM is on.
 */
export function SimCardDetailView({
  iccid,
  userAgent = navigator.userAgent,
}: {
  iccid: string;
  userAgent?: string;
}) {
  const { t, i18n } = useTranslation('simcard');
  const lang = i18n.language;
  const userId = useSession().userInfo?.id ?? null;
  const q = useQuery(simCardDetailQuery(lang, iccid));
  const stored = useMemo(() => (userId ? loadOfflineCard(userId, iccid) : null), [userId, iccid]);

  useEffect(() => {
    if (q.data && userId) saveOfflineCard(userId, q.data);
  }, [q.data, userId]);

  const card = q.data ?? stored?.detail ?? null;
  if (!card) {
    if (q.isPending) return <Loading />;
    // not this user's card, or no such card: the server answers a plain error either way
    if (isRefusal(errorCode(q.error))) {
      return (
        <Empty>
          {t('detail.missing')} <Link to={SIMCARD_LIST_PATH}>{t('detail.back')}</Link>
        </Empty>
      );
    }
    return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  }
  const offline = !q.data && stored !== null && (q.isError || q.isPending);
  return (
    <CardDetail
      card={card}
      offlineSince={offline ? stored!.savedAt : null}
      lang={lang}
      oneTap={supportsAppleOneTap(userAgent)}
    />
  );
}

function CardDetail({
  card,
  offlineSince,
  lang,
  oneTap,
}: {
  card: SimCardDetail;
  offlineSince: string | null;
  lang: string;
  oneTap: boolean;
}) {
  const { t } = useTranslation('simcard');
  const a = card.activation;
  return (
    <div className="sim-detail">
      {offlineSince ? (
        <p className="sim-offline" role="status">
          {t('detail.offline', { time: formatWhen(offlineSince, lang, 'dateTime') })}
        </p>
      ) : null}

      <section className="sim-card-box sim-head" aria-labelledby="sim-plan">
        <div className="sim-row">
          <h2 id="sim-plan">{card.planName}</h2>
          <StatusTag status={card.status} />
        </div>
        <CardLabel iccid={card.iccid} label={card.label ?? null} disabled={offlineSince !== null} />
        <dl className="sim-facts">
          <dt>{t('detail.iccid')}</dt>
          <dd className="sim-iccid" data-testid="sim-iccid">
            {groupIccid(card.iccid)}
          </dd>
          <dt>{t('detail.kind')}</dt>
          <dd>{t(`kind.${card.kind}`)}</dd>
          {card.countries.length > 0 ? (
            <>
              <dt>{t('detail.coverage')}</dt>
              <dd>{countryNames(card.countries, lang)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      {a ? (
        <section className="sim-card-box" aria-labelledby="sim-qr">
          <h2 id="sim-qr">{t('detail.qrTitle')}</h2>
          <ActivationQr code={a.activationCode} alt={t('detail.qrAlt')} />
          <p className="sim-hint">{t('detail.qrHint')}</p>
          {oneTap ? (
            <a className="sim-btn sim-btn-block" href={a.appleInstallUrl}>
              {t('detail.oneTap')}
            </a>
          ) : null}
          <h3>{t('detail.manual')}</h3>
          <dl className="sim-copies">
            <CopyField label={t('detail.smdp')} value={a.smdpAddress} />
            <CopyField label={t('detail.activationCode')} value={a.matchingId} />
            {a.confirmationCode ? (
              <CopyField
                label={t('detail.confirmationCode')}
                value={a.confirmationCode}
                hint={t('detail.confirmationHint')}
              />
            ) : null}
          </dl>
        </section>
      ) : (
        <p className="sim-card-box sim-hint">{t('detail.physical')}</p>
      )}

      <section className="sim-card-box" aria-labelledby="sim-usage">
        <div className="sim-row">
          <h2 id="sim-usage">{t('detail.usage')}</h2>
          {card.lowDataAlerted ? (
            <span className="sim-status sim-status-used_up">{t('list.alertBadge')}</span>
          ) : null}
        </div>
        <DataBar card={card} />
        <dl className="sim-facts sim-facts-3">
          <dt>{t('detail.used')}</dt>
          <dd>{formatData(card.dataUsedBytes, lang)}</dd>
          <dt>{t('detail.left')}</dt>
          <dd>
            {card.dataLeftBytes === null
              ? t('detail.unlimited')
              : formatData(Math.max(0, card.dataLeftBytes), lang)}
          </dd>
          <dt>{t('detail.total')}</dt>
          <dd>
            {card.dataTotalBytes === null ? t('detail.unlimited') : formatData(card.dataTotalBytes, lang)}
          </dd>
        </dl>
        <div className="sim-row">
          <p className="sim-hint" data-testid="sim-as-of">
            {card.usageAsOf
              ? t('detail.asOf', { time: formatWhen(card.usageAsOf, lang, 'dateTime') })
              : t('detail.neverMeasured')}
          </p>
          <RefreshButton iccid={card.iccid} disabled={offlineSince !== null} />
        </div>
        <ForecastText card={card} />
        {card.canTopUp && card.topUpGoodsId !== null ? (
          <>
            <TopUpStacking card={card} lang={lang} />
            <Link className="sim-btn sim-btn-block" to={topUpPath(card.topUpGoodsId, card.iccid)}>
              {t('detail.topUp')}
            </Link>
          </>
        ) : (
          <p className="sim-hint">{t('detail.topUpUnavailable')}</p>
        )}
      </section>

      <section className="sim-card-box" aria-labelledby="sim-validity">
        <h2 id="sim-validity">{t('detail.validity')}</h2>
        <ValidityEnds card={card} lang={lang} />
        {card.validUntil ? null : <p className="sim-hint">{t('detail.notStarted')}</p>}
      </section>

      <AlertSetting
        key={`${card.iccid}-${card.lowDataAlertMb}`}
        card={card}
        offline={offlineSince !== null}
      />
      {a ? <InstallSteps /> : null}
    </div>
  );
}
