import { useTranslation } from 'react-i18next';
import type { SimCardDetail } from '@simshop/contracts';
import { formatInZone } from '../model/format';

/**
 * When the validity started (the partner's activation) and when it ends, in the buyer's own time and, when
 * the plan's country keeps one clock, at the destination; each time with its zone's name.
 */
export function ValidityEnds({ card, lang }: { card: SimCardDetail; lang: string }) {
  const { t } = useTranslation('simcard-own');
  if (!card.validUntil) return <ValidityRule card={card} />;
  const zone = card.destinationTimeZone ?? null;
  return (
    <>
      <ValidityRule card={card} />
      <dl className="sim-facts" data-testid="sim-validity">
        {card.validFrom ? (
          <>
            <dt>{t('startedAt')}</dt>
            <dd>{formatInZone(card.validFrom, lang)}</dd>
          </>
        ) : null}
        <dt>{t('endsHere')}</dt>
        <dd data-testid="sim-ends-here">{formatInZone(card.validUntil, lang)}</dd>
        {zone ? (
          <>
            <dt>{t('endsThere')}</dt>
            <dd data-testid="sim-ends-there">{formatInZone(card.validUntil, lang, zone)}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

/** The plan's validity rule, as the partner states it: "7 days, counted from the first connection". */
function ValidityRule({ card }: { card: SimCardDetail }) {
  const { t } = useTranslation('simcard-own');
  const rule = card.validityRule ?? null;
  if (!rule) return null;
  return (
    <p className="sim-hint" data-testid="sim-validity-rule">
      {t(`rule.${rule.start}`, { count: rule.days })}
    </p>
  );
}

/**
 * How a top-up stacks on this card, said before paying (issue 27): the partner adds its data at once and
 * its days to the validity (flows: applyPartnerOrder extends `valid_until`); no package waits in a queue.
 */
export function TopUpStacking({ card, lang }: { card: SimCardDetail; lang: string }) {
  const { t } = useTranslation('simcard-own');
  return (
    <p className="sim-hint" data-testid="sim-topup-rule">
      {card.validUntil
        ? t('stackExtends', { end: formatInZone(card.validUntil, lang) })
        : t('stackNotStarted')}
    </p>
  );
}
