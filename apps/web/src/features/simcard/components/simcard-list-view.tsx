import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SimCardSummary } from '@simshop/contracts';
import { simCardListQuery } from '../api/simcard.api';
import { formatWhen, groupIccid } from '../model/format';
import { BindCard } from './bind-card';
import { DataBar } from './data-bar';
import { NoticeSheet } from './notice-sheet';
import { simCardDetailPath } from '../model/paths';
import { StatusTag } from './status-tag';
import { Empty, LoadError, Loading } from '../../../shared';
import './simcard.css';

function CardItem({ card, lang }: { card: SimCardSummary; lang: string }) {
  const { t } = useTranslation('simcard');
  return (
    <li>
      <Link
        className="sim-card-box sim-item"
        to={simCardDetailPath(card.iccid)}
        aria-label={`${card.label ? `${card.label} · ` : ''}${card.planName} ${groupIccid(card.iccid)}`}
      >
        <div className="sim-row">
          <h2>{card.label || card.planName}</h2>
          <StatusTag status={card.status} />
        </div>
        <p className="sim-iccid sim-muted">
          {card.label ? `${card.planName} · ` : ''}
          {t(`kind.${card.kind}`)} · {groupIccid(card.iccid)}
        </p>
        <DataBar card={card} />
        <p className="sim-muted">
          {card.validUntil
            ? t('list.expires', { date: formatWhen(card.validUntil, lang, 'date') })
            : t('list.notStarted')}
          {card.lowDataAlerted ? (
            <span className="sim-status sim-status-used_up">{t('list.alertBadge')}</span>
          ) : null}
        </p>
      </Link>
    </li>
  );
}

/** The buyer's SIM cards: plan, status, data left as a bar, expiry; and binding a physical card. */
export function SimCardListView() {
  const { t, i18n } = useTranslation('simcard');
  const lang = i18n.language;
  const list = useQuery(simCardListQuery(lang));
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const { items, unreadNotices } = list.data;
  return (
    <div className="sim-list">
      <NoticeSheet unread={unreadNotices} cards={items} />
      {items.length === 0 ? (
        <Empty>
          {t('list.empty')} <Link to="/pages/goods/list">{t('list.shop')}</Link>
        </Empty>
      ) : (
        <ul className="sim-items">
          {items.map((c) => (
            <CardItem key={c.iccid} card={c} lang={lang} />
          ))}
        </ul>
      )}
      <BindCard />
    </div>
  );
}
