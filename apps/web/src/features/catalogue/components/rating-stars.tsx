import { useTranslation } from 'react-i18next';

/** Five stars filled to a rating (halves rounded), named by the rating for assistive tech. */
export function RatingStars({ value, size = 14 }: { value: number; size?: number }) {
  const { t } = useTranslation('catalogue');
  const filled = Math.round(value);
  return (
    <span className="cat-stars" role="img" aria-label={t('reviews.stars', { rating: value })}>
      {[1, 2, 3, 4, 5].map((i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="m12 2.8 2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
            fill={i <= filled ? '#fa8c16' : '#e0e0e0'}
          />
        </svg>
      ))}
    </span>
  );
}
