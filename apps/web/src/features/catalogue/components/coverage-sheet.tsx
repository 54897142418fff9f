import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import type { CoveredCountry } from '@simshop/contracts';
import { Picture } from './picture';

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** The countries a plan covers, searchable by name or code, each with the networks the plan uses there. */
export function CoverageList({ countries }: { countries: CoveredCountry[] }) {
  const { t } = useTranslation('catalogue');
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const f = fold(q);
    return f ? countries.filter((c) => fold(c.name).includes(f) || c.code.toLowerCase() === f) : countries;
  }, [countries, q]);
  return (
    <div className="cat-coverage-list">
      <input
        type="search"
        className="cat-coverage-search"
        aria-label={t('coverageList.search')}
        placeholder={t('coverageList.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className="cat-muted">{t('coverageList.none', { q })}</p>
      ) : (
        <ul aria-label={t('coverageList.title', { count: countries.length })}>
          {shown.map((c) => (
            <li key={c.code}>
              <Picture className="cat-flag-sm" src={c.flag} alt="" />
              <span className="cat-coverage-country">
                <span>{c.name}</span>
                {c.networks.length > 0 ? (
                  <span className="cat-muted cat-coverage-networks">
                    {t('coverageList.networks', { list: c.networks.join(', ') })}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Bottom sheet holding the coverage list, opened from the coverage chip. */
export function CoverageSheet({
  visible,
  countries,
  onClose,
}: {
  visible: boolean;
  countries: CoveredCountry[];
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="cat-sheet"
    >
      <div className="cat-sheet-inner" role="dialog" aria-modal="true" aria-labelledby="coverage-sheet-title">
        <div className="cat-sheet-titlebar">
          <h2 id="coverage-sheet-title">{t('coverageList.title', { count: countries.length })}</h2>
          <button type="button" className="cat-icon-button" aria-label={t('close')} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="cat-sheet-body">
          <CoverageList countries={countries} />
        </div>
      </div>
    </Popup>
  );
}
