import { useState, type ImgHTMLAttributes } from 'react';

/** An image that lazy-loads and, when it cannot be loaded, leaves a calm grey box instead of a broken icon. */
export function Picture({
  src,
  alt,
  className,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <span
        className={`cat-picture-empty${className ? ` ${className}` : ''}`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      />
    );
  return (
    <img
      src={src}
      alt={alt ?? ''}
      className={className}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
