import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoodsComment } from '@simshop/contracts';
import { useShownOnce } from '../model/use-shown-once';
import { loadPictureViewer, PictureViewer } from './lazy-parts';
import { Picture } from './picture';
import { RatingStars } from './rating-stars';
import './storefront.css';

/** One review: who (masked when anonymous), stars, date, the spec bought, text and pictures (tap to preview). */
export function CommentItem({ comment }: { comment: GoodsComment }) {
  const { t, i18n } = useTranslation('catalogue');
  const [preview, setPreview] = useState<number | null>(null);
  const viewer = useShownOnce(preview !== null, loadPictureViewer);
  const date = new Date(comment.createdAt);
  const dateText = Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(date);
  return (
    <article className="cat-comment">
      <header className="cat-comment-head">
        {comment.avatarUrl ? (
          <Picture className="cat-comment-avatar" src={comment.avatarUrl} alt="" />
        ) : (
          <span className="cat-comment-avatar cat-comment-avatar-empty" aria-hidden="true">
            {comment.nickname.slice(0, 1)}
          </span>
        )}
        <span className="cat-comment-who">
          <span className="cat-comment-name">
            {comment.nickname}
            {comment.anonymous ? <span className="cat-muted"> · {t('reviews.anonymous')}</span> : null}
            {comment.verified ? <span className="cat-verified">✓ {t('reviews.verified')}</span> : null}
          </span>
          <RatingStars value={comment.rating} size={12} />
        </span>
        {dateText ? (
          <time className="cat-comment-date" dateTime={comment.createdAt}>
            {dateText}
          </time>
        ) : null}
      </header>
      {comment.specName ? (
        <p className="cat-comment-spec">{t('reviews.spec', { spec: comment.specName })}</p>
      ) : null}
      {comment.content ? <p className="cat-comment-text">{comment.content}</p> : null}
      {comment.pictures.length > 0 ? (
        <ul className="cat-comment-pics">
          {comment.pictures.map((p, i) => (
            <li key={p + i}>
              <button
                type="button"
                className="cat-comment-pic"
                aria-label={t('reviews.picture', { index: i + 1, count: comment.pictures.length })}
                onClick={() => setPreview(i)}
              >
                <Picture src={p} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewer && preview !== null ? (
        <Suspense fallback={null}>
          <PictureViewer pictures={comment.pictures} index={preview} onClose={() => setPreview(null)} />
        </Suspense>
      ) : null}
    </article>
  );
}
