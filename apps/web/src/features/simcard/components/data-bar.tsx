import { useTranslation } from 'react-i18next';
import type { SimCardSummary } from '@simshop/contracts';
import { formatData, leftRatio } from '../model/format';

/** Data left as a bar with "1.2 GB left of 5 GB" (or unlimited). */
export function DataBar({ card }: { card: SimCardSummary }) {
  const { t, i18n } = useTranslation('simcard');
  const lang = i18n.language;
  if (card.dataTotalBytes === null || card.dataLeftBytes === null) {
    return <p className="sim-data-text">{t('list.unlimited')}</p>;
  }
  const ratio = leftRatio(card);
  const text = t('list.left', {
    left: formatData(Math.max(0, card.dataLeftBytes), lang),
    total: formatData(card.dataTotalBytes, lang),
  });
  return (
    <div className="sim-data">
      <div
        className={`sim-bar${ratio < 0.2 ? ' sim-bar-low' : ''}`}
        role="progressbar"
        aria-label={t('list.dataLeft')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuetext={text}
      >
        <span style={{ width: `${ratio * 100}%` }} />
      </div>
      <p className="sim-data-text">{text}</p>
    </div>
  );
}
