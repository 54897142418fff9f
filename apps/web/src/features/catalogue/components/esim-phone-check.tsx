import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PURCHASE_REGIONS, esimVerdict, isValidEid, type PurchaseRegion } from '@simshop/contracts';
import { esimDevicesQuery } from '../api/catalogue.api';
import { goodsListPath } from '../model/paths';
import { deviceName } from '../model/device-name';

const UNLISTED = '__unlisted__';
type Lock = 'no' | 'yes' | 'unsure' | '';

/**
 * "Will an eSIM work on my phone?" (issue 27): the model, where it was bought (iPhones from mainland China, Hong
 * Kong and Macau mostly have no eSIM: a physical SIM is offered), a carrier lock, and the buyer's own EID checked
 * for typos (its check digits).
 */
export function EsimPhoneCheck() {
  const { t } = useTranslation('esimcheck');
  const id = useId();
  const devices = useQuery(esimDevicesQuery(''));
  const [device, setDevice] = useState('');
  const [region, setRegion] = useState<PurchaseRegion>('other');
  const [lock, setLock] = useState<Lock>('');
  const [eid, setEid] = useState('');

  const [brand, model] = device && device !== UNLISTED ? (JSON.parse(device) as [string, string]) : ['', ''];
  const verdict = device ? esimVerdict(brand, model, region, device !== UNLISTED) : null;
  const eidDigits = eid.replace(/\s+/g, '');
  const simLink = (
    <Link className="cat-devices-link" to={goodsListPath({ keyWord: t('simKeyword') })}>
      {t('physicalSim')}
    </Link>
  );

  return (
    // a region, not a <section>: the device list below counts its brand sections
    <div role="region" className="cat-detail-card esim-check" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <label className="esim-check-field">
        <span>{t('model')}</span>
        <select value={device} onChange={(e) => setDevice(e.target.value)}>
          <option value="">{t('chooseModel')}</option>
          {(devices.data ?? []).map((b) => (
            <optgroup key={b.brand} label={b.brand}>
              {b.models.map((m) => (
                <option key={m} value={JSON.stringify([b.brand, m])}>
                  {deviceName(m, t)}
                </option>
              ))}
            </optgroup>
          ))}
          <option value={UNLISTED}>{t('unlistedOption')}</option>
        </select>
      </label>
      <label className="esim-check-field">
        <span>{t('boughtIn')}</span>
        <select value={region} onChange={(e) => setRegion(e.target.value as PurchaseRegion)}>
          {PURCHASE_REGIONS.map((r) => (
            <option key={r} value={r}>
              {t(`region.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="esim-check-field esim-check-lock">
        <legend>{t('lock')}</legend>
        {(['no', 'yes', 'unsure'] as const).map((v) => (
          <label key={v}>
            <input type="radio" name={`${id}-lock`} checked={lock === v} onChange={() => setLock(v)} />{' '}
            {t(`lockAnswer.${v}`)}
          </label>
        ))}
      </fieldset>
      <label className="esim-check-field">
        <span>{t('eid')}</span>
        <input
          inputMode="numeric"
          autoComplete="off"
          value={eid}
          maxLength={40}
          placeholder={t('eidPlaceholder')}
          onChange={(e) => setEid(e.target.value)}
        />
        <small className="cat-muted">{t('eidHelp')}</small>
      </label>
      <div className="esim-check-result" aria-live="polite">
        {verdict === null ? null : verdict.esim ? (
          <p className="esim-check-ok">{t('ok', { model })}</p>
        ) : verdict.reason === 'region' ? (
          <p className="esim-check-no">
            {t('noRegion', { model, region: t(`region.${region}`) })} {simLink}
          </p>
        ) : (
          <p className="esim-check-no">
            {t('noUnlisted')} {simLink}
          </p>
        )}
        {lock === 'yes' ? <p className="esim-check-no">{t('locked')}</p> : null}
        {lock === 'unsure' ? <p className="esim-check-hint">{t('lockHow')}</p> : null}
        {eidDigits.length === 0 ? null : isValidEid(eidDigits) ? (
          <p className="esim-check-ok">{t('eidOk')}</p>
        ) : (
          <p className="esim-check-no">
            {eidDigits.length === 32 ? t('eidTypo') : t('eidLength', { count: eidDigits.length })}
          </p>
        )}
      </div>
    </div>
  );
}
