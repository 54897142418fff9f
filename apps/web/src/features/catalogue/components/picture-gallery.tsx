import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShownOnce } from '../model/use-shown-once';
import { loadPictureViewer, PictureViewer } from './lazy-parts';
import { Picture } from './picture';
import { Swiper } from './swiper';

/** The goods pictures in a swiper; tapping one opens the full-screen preview, zooming 1x to 4x. */
export function PictureGallery({ pictures, title }: { pictures: string[]; title: string }) {
  const { t } = useTranslation('catalogue');
  const [index, setIndex] = useState(0);
  const [preview, setPreview] = useState(false);
  const viewer = useShownOnce(preview, loadPictureViewer);
  if (pictures.length === 0) return <Picture className="cat-gallery-empty" src={null} alt={title} />;
  return (
    <>
      <Swiper
        className="cat-gallery"
        label={t('detail.pictures')}
        dotLabel={(i, n) => t('slideOf', { index: i + 1, count: n })}
        indicator="fraction"
        onIndexChange={setIndex}
        slides={pictures.map((p, i) => (
          <button
            key={p + i}
            type="button"
            className="cat-gallery-item"
            aria-label={t('detail.previewPicture', { index: i + 1, count: pictures.length })}
            onClick={() => setPreview(true)}
          >
            {/* the first picture is the page's largest paint: fetched at once, ahead of the rest */}
            <Picture
              src={p}
              alt=""
              {...(i === 0 ? { loading: 'eager' as const, fetchPriority: 'high' as const } : {})}
            />
          </button>
        ))}
      />
      {viewer && preview ? (
        <Suspense fallback={null}>
          <PictureViewer pictures={pictures} index={index} onClose={() => setPreview(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
