import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DestinationOffer, GoodsTypeNode } from '@simshop/contracts';
import { homeFeedQuery } from '../api/catalogue.api';
import { goodsListPath } from '../model/paths';
import { useLang } from '../model/use-lang';
import { BannerSwiper } from './banner-swiper';
import { GoodsCards } from './goods-card';
import { Picture } from './picture';
import { formatMoney, LoadError, Loading } from '../../../shared';
import './catalogue.css';

function CategoryShortcuts({ types }: { types: GoodsTypeNode[] }) {
  const { t } = useTranslation('catalogue');
  if (types.length === 0) return null;
  return (
    <nav className="cat-shortcuts" aria-label={t('home.categories')}>
      {types.map((type) => (
        <Link key={type.id} className="cat-shortcut" to={goodsListPath({ typeId: type.id })}>
          <span className="cat-shortcut-icon">
            <Picture src={type.icon} alt="" />
          </span>
          <span className="cat-shortcut-name">{type.name}</span>
        </Link>
      ))}
    </nav>
  );
}

function Destinations({ destinations }: { destinations: DestinationOffer[] }) {
  const { t, i18n } = useTranslation('catalogue');
  if (destinations.length === 0) return null;
  return (
    <section className="cat-section" aria-labelledby="home-destinations">
      <div className="cat-section-head">
        <h2 id="home-destinations">{t('home.destinations')}</h2>
      </div>
      <ul className="cat-destinations">
        {destinations.map((d) => (
          <li key={d.code}>
            <Link className="cat-destination" to={goodsListPath({ destination: d.code })}>
              <Picture className="cat-flag" src={d.flag} alt="" />
              <span className="cat-destination-name">{d.name}</span>
              {d.minPrice !== null ? (
                <span className="cat-destination-price">
                  {t('price.from', { price: formatMoney(d.minPrice, d.currency, i18n.language) })}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Home's catalogue: banner swiper, category shortcuts, popular destinations and recommended goods. */
export function HomeFeed() {
  const { t } = useTranslation('catalogue');
  const feed = useQuery(homeFeedQuery(useLang()));
  if (feed.isPending) return <Loading />;
  if (feed.isError) return <LoadError error={feed.error} onRetry={() => void feed.refetch()} />;
  const { banners, categories, destinations, recommended } = feed.data;
  return (
    <div className="cat-home">
      <BannerSwiper banners={banners} />
      <CategoryShortcuts types={categories} />
      <Destinations destinations={destinations} />
      {recommended.length > 0 ? (
        <section className="cat-section" aria-labelledby="home-recommended">
          <div className="cat-section-head">
            <h2 id="home-recommended">{t('home.recommended')}</h2>
            <Link className="cat-more" to={goodsListPath()}>
              {t('home.all')}
            </Link>
          </div>
          {/* below the banners, the home page's largest paint: loaded as they come into view */}
          <GoodsCards goods={recommended} layout="grid" eager={0} />
        </section>
      ) : null}
    </div>
  );
}
