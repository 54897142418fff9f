import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAfterLoad } from '../../../lib/idle';
import type { Banner } from '@simshop/contracts';
import { bannerTarget } from '../model/paths';
import { Picture } from './picture';
import { Swiper } from './swiper';

function BannerSlide({ banner, first }: { banner: Banner; first: boolean }) {
  const target = bannerTarget(banner);
  // the other banners wait off screen: fetched once the page has loaded, not beside the first (issue 27)
  const loaded = useAfterLoad();
  // The artwork leaves its left side free for the title, written over it as text (translated, readable).
  const img = (
    <>
      {/* the first banner is the home page's largest paint: fetched at once, not lazily (issue 12: LCP) */}
      <Picture
        className="cat-banner-img"
        src={first || loaded ? banner.picture : null}
        alt=""
        {...(first ? { loading: 'eager' as const, fetchPriority: 'high' as const } : {})}
      />
      <span className="cat-banner-title">{banner.title}</span>
    </>
  );
  if (target.kind === 'route')
    return (
      <Link className="cat-banner" to={target.to}>
        {img}
      </Link>
    );
  if (target.kind === 'external')
    return (
      <a className="cat-banner" href={target.href} target="_blank" rel="noopener noreferrer">
        {img}
      </a>
    );
  return <div className="cat-banner">{img}</div>;
}

/** Banners in a looping swiper: a new one every 5000 ms, sliding for 500 ms (spec section 9). */
export function BannerSwiper({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('catalogue');
  if (banners.length === 0) return null;
  return (
    <Swiper
      className="cat-banners"
      label={t('home.banners')}
      dotLabel={(i, n) => t('slideOf', { index: i + 1, count: n })}
      autoplay
      slides={banners.map((b, i) => (
        <BannerSlide key={b.id} banner={b} first={i === 0} />
      ))}
    />
  );
}
