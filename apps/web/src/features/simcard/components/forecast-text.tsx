import { useTranslation } from 'react-i18next';
import { forecastUsage, type SimCardDetail } from '@simshop/contracts';
import { formatData, formatWhen } from '../model/format';

const MB = 1024 * 1024;

/** "At this pace, 1.2 GB lasts until Thu 11/20 14:00", or that it outlasts the plan (forecastUsage). */
export function ForecastText({ card, now = new Date() }: { card: SimCardDetail; now?: Date }) {
  const { t, i18n } = useTranslation('simcard');
  const lang = i18n.language;
  const f = forecastUsage({
    history: card.usageHistory,
    dataLeftBytes: card.dataLeftBytes,
    usageAsOf: card.usageAsOf,
    validUntil: card.validUntil,
    now,
  });
  let text: string;
  switch (f.kind) {
    case 'runs_out':
      text = t('forecast.runsOut', {
        left: formatData(f.leftMb * MB, lang),
        when: formatWhen(f.runsOutAt, lang, 'weekday'),
      });
      break;
    case 'outlasts':
      text = t('forecast.outlasts', { left: formatData(f.leftMb * MB, lang) });
      break;
    default:
      text = t(`forecast.${f.kind}`);
  }
  return (
    <p className={`sim-forecast sim-forecast-${f.kind}`} data-testid="sim-forecast">
      {text}
    </p>
  );
}
