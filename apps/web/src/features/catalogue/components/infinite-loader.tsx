import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { REACH_BOTTOM_PX } from '@simshop/contracts';

export type InfiniteLoaderProps = {
  hasMore: boolean;
  loading: boolean;
  error?: unknown;
  onLoadMore: () => void;
  /** Shown under the list once everything is loaded (and there was more than one page). */
  showEnd?: boolean;
};

/**
 * The foot of an endless list: asks for the next page when it comes within the spec's reach-bottom
 * distance (50 px) of the viewport, and offers a button for the same (keyboards, failed pages).
 */
export function InfiniteLoader({ hasMore, loading, error, onLoadMore, showEnd = true }: InfiniteLoaderProps) {
  const { t } = useTranslation('catalogue');
  const ref = useRef<HTMLDivElement>(null);
  const loadRef = useRef(onLoadMore);
  loadRef.current = onLoadMore;
  const armed = hasMore && !loading && !error;

  useEffect(() => {
    const el = ref.current;
    if (!el || !armed || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadRef.current();
      },
      { rootMargin: `0px 0px ${REACH_BOTTOM_PX}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [armed]);

  return (
    <div ref={ref} className="cat-loader" aria-live="polite">
      {loading ? (
        <>
          <span className="spinner cat-spinner-sm" aria-hidden="true" />
          <span>{t('list.loadingMore')}</span>
        </>
      ) : error ? (
        <button type="button" className="cat-link-button" onClick={() => loadRef.current()}>
          {t('list.loadMoreFailed')}
        </button>
      ) : hasMore ? (
        <button type="button" className="cat-link-button" onClick={() => loadRef.current()}>
          {t('list.loadMore')}
        </button>
      ) : showEnd ? (
        <span>{t('list.end')}</span>
      ) : null}
    </div>
  );
}
