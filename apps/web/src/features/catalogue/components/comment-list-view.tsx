import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { commentPageQuery, commentSummaryQuery, type CommentFilter } from '../api/catalogue.api';
import { useLang } from '../model/use-lang';
import { CommentItem } from './comment-item';
import { InfiniteLoader } from './infinite-loader';
import { RatingStars } from './rating-stars';
import { Empty, LoadError, Loading } from '../../../shared';
import './catalogue.css';

/** The reviews tab in the address: `all`, `pictures`, or a rating `5`..`1`. */
type Tab = 'all' | 'pictures' | '5' | '4' | '3' | '2' | '1';
const TABS: Tab[] = ['all', 'pictures', '5', '4', '3', '2', '1'];

const filterOf = (tab: Tab): CommentFilter =>
  tab === 'all' ? {} : tab === 'pictures' ? { hasPictures: true } : { rating: Number(tab) };

function Comments({ goodsId, tab }: { goodsId: number; tab: Tab }) {
  const { t } = useTranslation('catalogue');
  const list = useInfiniteQuery(commentPageQuery(useLang(), goodsId, filterOf(tab)));
  if (list.isPending) return <Loading />;
  if (list.isError && !list.data) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const comments = list.data.pages.flatMap((p) => p.list);
  if (comments.length === 0) return <Empty>{t('reviews.emptyTab')}</Empty>;
  return (
    <>
      {comments.map((c) => (
        <CommentItem key={c.id} comment={c} />
      ))}
      <InfiniteLoader
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        error={list.isFetchNextPageError ? list.error : undefined}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}

/** A goods' reviews: the summary, then tabs for all, with pictures, and each rating; pages load as you scroll. */
export function CommentListView({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation('catalogue');
  const summary = useQuery(commentSummaryQuery(useLang(), goodsId));
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab') as Tab | null;
  const tab: Tab = wanted && TABS.includes(wanted) ? wanted : 'all';
  const s = summary.data;
  const countOf = (x: Tab) =>
    !s
      ? undefined
      : x === 'all'
        ? s.count
        : x === 'pictures'
          ? s.withPictures
          : (s.ratings.find((r) => r.rating === Number(x))?.count ?? 0);
  const labelOf = (x: Tab) =>
    x === 'all'
      ? t('reviews.tabAll')
      : x === 'pictures'
        ? t('reviews.tabPictures')
        : t('reviews.tabRating', { rating: Number(x) });

  return (
    <div className="cat-reviews">
      {s && s.count > 0 ? (
        <div className="cat-review-score cat-review-score-big">
          <strong>{s.average.toFixed(1)}</strong>
          <RatingStars value={s.average} size={18} />
          <span className="cat-muted">{t('reviews.count', { count: s.count })}</span>
        </div>
      ) : null}
      {summary.isError ? <LoadError error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      <div className="cat-tabs" role="tablist" aria-label={t('reviews.filter')}>
        {TABS.map((x) => {
          const n = countOf(x);
          return (
            <button
              key={x}
              type="button"
              role="tab"
              id={`reviews-tab-${x}`}
              aria-selected={tab === x}
              aria-controls="reviews-panel"
              className="cat-tab"
              onClick={() =>
                setParams({ goodsId: String(goodsId), ...(x === 'all' ? {} : { tab: x }) }, { replace: true })
              }
            >
              {labelOf(x)}
              {n !== undefined ? <span className="cat-tab-count"> {n}</span> : null}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id="reviews-panel"
        aria-labelledby={`reviews-tab-${tab}`}
        className="cat-reviews-list"
      >
        <Comments key={tab} goodsId={goodsId} tab={tab} />
      </div>
    </div>
  );
}
