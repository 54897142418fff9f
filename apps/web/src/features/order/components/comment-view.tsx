import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Toast } from 'antd-mobile';
import { COMMENT_TEXT_MAX, TOAST_DURATION_MS, type OrderLine } from '@simshop/contracts';
import { orderDetailQuery, useOrderActions } from '../api/order.api';
import { PicturePicker } from './picture-picker';
import { LoadError, Loading, toastError } from '../../../shared';
import './order.css';

const STARS = [1, 2, 3, 4, 5];

function LineReview({ orderId, line }: { orderId: number; line: OrderLine }) {
  const { t } = useTranslation('order');
  const actions = useOrderActions();
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [pictures, setPictures] = useState<string[]>([]);
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `ord-rate-${line.specId}`;

  if (line.commented)
    return (
      <section className="ord-card" aria-label={line.title}>
        <h2>{line.title}</h2>
        <p className="ord-muted">{t('comment.rated')}</p>
      </section>
    );

  const submit = async () => {
    if (rating < 1) return setError(t('comment.ratingRequired'));
    setBusy(true);
    try {
      const res = await actions.comment({
        orderId,
        specId: line.specId,
        rating,
        content: content.trim(),
        pictures,
        anonymous: anonymous ? 1 : 0,
      });
      Toast.show({
        content: res.completed ? t('comment.allDone') : t('comment.submitted'),
        icon: 'success',
        duration: TOAST_DURATION_MS,
      });
    } catch (e) {
      toastError(e, t('comment.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="ord-card ord-form-card"
      aria-label={line.title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{line.title}</h2>
      <p className="ord-muted">{line.specName}</p>
      <fieldset className="ord-stars">
        <legend>{t('comment.rating', { title: line.title })}</legend>
        {STARS.map((n) => (
          <label key={n} className={n <= rating ? 'ord-star ord-star-on' : 'ord-star'}>
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={rating === n}
              onChange={() => {
                setRating(n);
                setError(null);
              }}
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t('comment.star', { n })}</span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="ord-error" role="alert">
          {error}
        </p>
      ) : null}
      <label className="ord-field">
        <span>{t('comment.text')}</span>
        <textarea
          rows={3}
          value={content}
          maxLength={COMMENT_TEXT_MAX}
          placeholder={t('comment.textPlaceholder')}
          onChange={(e) => setContent(e.target.value)}
        />
      </label>
      <PicturePicker value={pictures} onChange={setPictures} />
      <label className="ord-row">
        <span>{t('comment.anonymous')}</span>
        <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
      </label>
      <button type="submit" className="ord-button ord-button-block" disabled={busy}>
        {t('comment.submit')}
      </button>
    </form>
  );
}

/** Rate each line of an order 1-5 with text, up to 9 pictures and an anonymous option. */
export function CommentView({ id }: { id: number }) {
  const { i18n } = useTranslation('order');
  const detail = useQuery(orderDetailQuery(i18n.language, id));
  if (detail.isPending) return <Loading />;
  if (detail.error) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <div className="ord-detail">
      {detail.data.lines.map((l) => (
        <LineReview key={`${l.id}-${l.specId}`} orderId={id} line={l} />
      ))}
    </div>
  );
}
