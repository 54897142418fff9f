import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  TRIP_DAILY_USES,
  TRIP_MAX_LEGS,
  type TripLeg,
  type TripOption,
  type TripPlanRequest,
  type TripPlanResponse,
} from '@simshop/contracts';
import { formatMoney, LoadError, Loading } from '../../../shared';
import { tripDestinationsQuery, tripPlanQuery } from '../api/trip.api';
import { AddOptionToCart } from './add-option-to-cart';
import { localDay, planPagePath, tripFromSearch, tripToSearch } from '../model/trip-params';
import './trip.css';

type Country = { code: string; name: string };

/** Every country a plan on sale covers (regions expanded), named in the UI language, sorted by name. */
function useCountries(lang: string): Country[] | undefined {
  const destinations = useQuery(tripDestinationsQuery(lang));
  return useMemo(() => {
    if (!destinations.data) return undefined;
    const names = new Map<string, string>();
    let display: Intl.DisplayNames | null = null;
    try {
      display = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      display = null;
    }
    for (const d of destinations.data)
      if (d.kind === 'country') names.set(d.code, d.name);
      else for (const c of d.countries) if (!names.has(c)) names.set(c, display?.of(c) ?? c);
    const collator = new Intl.Collator(lang);
    return [...names]
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [destinations.data, lang]);
}

const blankLeg = (after?: TripLeg): TripLeg => ({
  country: '',
  from: after ? after.to : localDay(7),
  to: after ? after.to : localDay(13),
});

/** Plan by trip (issue 27): stops with dates in, the cheapest plans covering every day out, side by side. */
export function TripPlanner() {
  const { t, i18n } = useTranslation('trip');
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const asked = useMemo(() => tripFromSearch(params), [params]);
  const [legs, setLegs] = useState<TripLeg[]>(() => asked?.legs ?? [blankLeg()]);
  const [use, setUse] = useState<number | null>(asked?.mbPerDay ?? null);
  const countries = useCountries(lang);
  const plan = useQuery(tripPlanQuery(lang, asked));

  const setLeg = (i: number, patch: Partial<TripLeg>) =>
    setLegs((ls) => ls.map((l, k) => (k === i ? { ...l, ...patch } : l)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const req: TripPlanRequest = { legs: legs.filter((l) => l.country), mbPerDay: use };
    if (req.legs.length > 0) setParams(tripToSearch(req), { replace: true });
  };

  return (
    <div className="trip">
      <p className="trip-intro">{t('intro')}</p>
      <form className="trip-form" onSubmit={submit} aria-label={t('formLabel')}>
        {legs.map((leg, i) => (
          <fieldset key={i} className="trip-leg">
            <legend>{t('stop', { n: i + 1 })}</legend>
            <label className="trip-field">
              <span>{t('country')}</span>
              <select
                value={leg.country}
                required
                onChange={(e) => setLeg(i, { country: e.target.value })}
                aria-label={`${t('country')} ${i + 1}`}
              >
                <option value="">{t('chooseCountry')}</option>
                {(countries ?? []).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <div className="trip-dates">
              <label className="trip-field">
                <span>{t('from')}</span>
                <input
                  type="date"
                  value={leg.from}
                  required
                  aria-label={`${t('from')} ${i + 1}`}
                  onChange={(e) => setLeg(i, { from: e.target.value })}
                />
              </label>
              <label className="trip-field">
                <span>{t('to')}</span>
                <input
                  type="date"
                  value={leg.to}
                  min={leg.from}
                  required
                  aria-label={`${t('to')} ${i + 1}`}
                  onChange={(e) => setLeg(i, { to: e.target.value })}
                />
              </label>
            </div>
            {legs.length > 1 ? (
              <button
                type="button"
                className="trip-link-button"
                onClick={() => setLegs((ls) => ls.filter((_, k) => k !== i))}
              >
                {t('removeStop', { n: i + 1 })}
              </button>
            ) : null}
          </fieldset>
        ))}
        {legs.length < TRIP_MAX_LEGS ? (
          <button
            type="button"
            className="trip-secondary"
            onClick={() => setLegs((ls) => [...ls, blankLeg(ls[ls.length - 1])])}
          >
            {t('addStop')}
          </button>
        ) : null}
        <label className="trip-field">
          <span>{t('use')}</span>
          <select value={use ?? ''} onChange={(e) => setUse(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('useNone')}</option>
            {TRIP_DAILY_USES.map((mb) => (
              <option key={mb} value={mb}>
                {t(`use${mb}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="trip-primary">
          {t('submit')}
        </button>
      </form>
      {asked === null ? null : plan.isError ? (
        <LoadError error={plan.error} onRetry={() => void plan.refetch()} />
      ) : plan.data ? (
        <TripResult result={plan.data} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

function TripResult({ result }: { result: TripPlanResponse }) {
  const { t } = useTranslation('trip');
  return (
    <section className="trip-result" aria-labelledby="trip-result-title" aria-live="polite">
      <h2 id="trip-result-title">
        {t('resultTitle', {
          count: result.days,
          countries: result.countries.map((c) => c.name).join(', '),
        })}
      </h2>
      {result.uncovered.length > 0 ? (
        <p className="trip-warning" role="note">
          {t('uncovered', { names: result.uncovered.map((c) => c.name).join(', ') })}
        </p>
      ) : null}
      {result.options.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul className="trip-options">
          {result.options.map((o, i) => (
            <OptionCard key={o.kind} option={o} best={i === 0} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OptionCard({ option, best }: { option: TripOption; best: boolean }) {
  const { t, i18n } = useTranslation('trip');
  const money = (n: number) => formatMoney(n, option.currency, i18n.language);
  const day = (iso: string) =>
    new Date(`${iso}T00:00:00`).toLocaleDateString(i18n.language, { month: 'short', day: 'numeric' });
  return (
    <li className={`trip-option${best ? ' trip-option-best' : ''}`} data-kind={option.kind}>
      <div className="trip-option-head">
        <h3>{t(`option.${option.kind}`)}</h3>
        {best ? <span className="trip-badge">{t('best')}</span> : null}
      </div>
      <p className="trip-total">
        <span className="trip-total-price">{money(option.total)}</span>{' '}
        <span className="trip-muted">{t('esims', { count: option.esimCount })}</span>
      </p>
      <ol className="trip-items">
        {option.items.map((item, k) => (
          <li key={k} className="trip-item">
            <Link to={planPagePath(item.goodsId, item.specId, item.from, item.to)} className="trip-item-link">
              <span className="trip-item-title">
                {item.title} · {item.specName}
              </span>
              <span className="trip-item-price">{money(item.price)}</span>
            </Link>
            <span className="trip-muted">
              {t('dates', { from: day(item.from), to: day(item.to) })} ·{' '}
              {item.countries.map((c) => c.name).join(', ')}
            </span>
            {item.kind === 'topup' ? <span className="trip-note">{t('topupOn')}</span> : null}
          </li>
        ))}
      </ol>
      <AddOptionToCart option={option} />
    </li>
  );
}
