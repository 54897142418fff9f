import { useTranslation } from 'react-i18next';
import type { GoodsDetail, GoodsSpec } from '@simshop/contracts';
import { formatUnitPrice } from '../../../shared';
import { bestValue, sortPlans, unitPrice } from '../model/plans';
import { Price } from './price';

export type PlanCardsProps = {
  specs: GoodsSpec[];
  activation: GoodsDetail['activation'];
  selectedId: number | null;
  onSelect: (spec: GoodsSpec) => void;
};

/**
 * A destination's plans up front (issue 12): one card each with its data and days, price, price per GB or per
 * day, speed, hotspot and when its validity starts; sorted by length then data, the best value marked.
 * Tapping a card chooses that plan for "add to cart" and "buy now".
 */
export function PlanCards({ specs, activation, selectedId, onSelect }: PlanCardsProps) {
  const { t, i18n } = useTranslation('catalogue');
  const best = bestValue(specs);
  return (
    <section className="cat-detail-card" aria-labelledby="detail-plans">
      <h2 id="detail-plans">{t('plans.title')}</h2>
      <ul className="cat-plans">
        {sortPlans(specs).map((s) => {
          const unit = unitPrice(s);
          const unitText = unit
            ? t(unit.per === 'gb' ? 'plans.perGb' : 'plans.perDay', {
                price: formatUnitPrice(unit.amount, s.currency, i18n.language),
              })
            : null;
          const chosen = s.id === selectedId;
          return (
            <li key={s.id}>
              <button
                type="button"
                className={`cat-plan${chosen ? ' cat-plan-chosen' : ''}${s.id === best ? ' cat-plan-best' : ''}`}
                aria-pressed={chosen}
                disabled={s.soldOut}
                onClick={() => onSelect(s)}
              >
                <span className="cat-plan-head">
                  <span className="cat-plan-name">{s.name}</span>
                  {s.id === best ? <span className="cat-plan-badge">{t('plans.bestValue')}</span> : null}
                  {s.soldOut ? (
                    <span className="cat-plan-badge cat-plan-badge-off">{t('soldOut')}</span>
                  ) : null}
                </span>
                <span className="cat-plan-price">
                  <Price amount={s.price} currency={s.currency} original={s.originalPrice} />
                  {unitText ? <span className="cat-plan-unit">{unitText}</span> : null}
                </span>
                <span className="cat-plan-facts">
                  {s.speed ? <span className="cat-plan-fact">{s.speed}</span> : null}
                  {s.hotspot !== null ? (
                    <span className="cat-plan-fact">
                      {s.hotspot ? t('plans.hotspot') : t('plans.noHotspot')}
                    </span>
                  ) : null}
                  {s.highSpeedMbPerDay !== null && s.throttleKbps !== null ? (
                    <span className="cat-plan-fact">
                      {t('trip:fairUse', {
                        data:
                          s.highSpeedMbPerDay >= 1024
                            ? `${Math.round((s.highSpeedMbPerDay / 1024) * 10) / 10} ${t('trip:unitGb')}`
                            : `${s.highSpeedMbPerDay} ${t('trip:unitMb')}`,
                        kbps: s.throttleKbps,
                      })}
                    </span>
                  ) : null}
                  {activation ? (
                    <span className="cat-plan-fact">
                      {activation === 'connect'
                        ? t('plans.activationConnect')
                        : t('plans.activationPurchase')}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
