import { useState } from 'react';
import './user.css';

/** The avatar picture, or a neutral silhouette when there is none (or it fails to load). */
export function UserAvatar({ url, alt, size = 64 }: { url?: string | null; alt: string; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (url && broken !== url) {
    return <img className="user-avatar" src={url} alt={alt} style={style} onError={() => setBroken(url)} />;
  }
  return (
    <span className="user-avatar user-avatar-empty" style={style} role="img" aria-label={alt}>
      <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6} aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4.5" fill="currentColor" />
        <path d="M3.5 21c.8-4.3 4.2-7 8.5-7s7.7 2.7 8.5 7z" fill="currentColor" />
      </svg>
    </span>
  );
}
