import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GoodsCard } from '@simshop/contracts';
import { goodsDetailPath } from '../model/paths';
import { Picture } from './picture';
import { Price } from './price';
import { RatingStars } from './rating-stars';

/** One goods in a list: picture, title, subtitle, the cheapest price, sales and rating; links to its detail. */
export function GoodsCardItem({
  goods,
  layout = 'row',
  eager = false,
}: {
  goods: GoodsCard;
  layout?: 'row' | 'grid';
  /** The first card on screen: its picture is fetched at once (the list's largest paint). */
  eager?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  return (
    <Link
      className={`cat-card cat-card-${layout}`}
      to={goodsDetailPath(goods.id)}
      // Named by its visible words, title first (axe label-content-name-mismatch: a title-only name hid them);
      // the spaces between the parts keep the words apart in that name (a flex column shows none of them).
    >
      <span className="cat-card-pic">
        <Picture
          src={goods.mainPic}
          alt=""
          {...(eager ? { loading: 'eager' as const, fetchPriority: 'high' as const } : {})}
        />
        {goods.soldOut ? <span className="cat-tag cat-tag-soldout">{t('soldOut')}</span> : null}
      </span>
      <span className="cat-card-body" id={`${id}-body`}>
        <span className="cat-card-title" id={`${id}-title`}>
          {goods.title}
        </span>{' '}
        {goods.subtitle ? <span className="cat-card-subtitle">{goods.subtitle}</span> : null}{' '}
        <span className="cat-card-meta">
          {goods.rating.count > 0 ? (
            <>
              <RatingStars value={goods.rating.average} size={11} />
              <span>{goods.rating.average.toFixed(1)}</span>
            </>
          ) : null}
          <span>{t('sales', { count: goods.sales })}</span>
        </span>{' '}
        <Price
          amount={goods.minPrice}
          currency={goods.currency}
          original={goods.originalPrice}
          from
          size="sm"
        />
      </span>
    </Link>
  );
}

/**
 * Cards whose pictures load at once, at high priority: the first, a list's largest paint (the server also
 * preloads it). The others load as they come into view, without competing with it (issue 12).
 */
const EAGER_CARDS = 1;

/**
 * Goods cards as a list (rows) or a two-column grid. The first `eager` cards' pictures load at once, at high
 * priority (a list's largest paint); a section lower on its page passes 0, so they do not compete with that
 * page's own largest picture.
 */
export function GoodsCards({
  goods,
  layout = 'row',
  eager = EAGER_CARDS,
}: {
  goods: GoodsCard[];
  layout?: 'row' | 'grid';
  eager?: number;
}) {
  return (
    <ul className={`cat-cards cat-cards-${layout}`}>
      {goods.map((g, i) => (
        <li key={g.id}>
          <GoodsCardItem goods={g} layout={layout} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}
