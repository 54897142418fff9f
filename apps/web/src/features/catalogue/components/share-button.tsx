import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canWebShare } from '../model/share';
import { useShownOnce } from '../model/use-shown-once';
import { loadShareSheet, ShareSheet } from './lazy-parts';

/**
 * Share: the browser's own share sheet where it has one (the Web Share API); otherwise a sheet with the spec's
 * targets (WeChat friends, Moments, QQ friends) and copy link, each of which copies the link to paste there.
 */
export function ShareButton({ title, text, url }: { title: string; text?: string; url: string }) {
  const { t } = useTranslation('catalogue');
  const [open, setOpen] = useState(false);

  const sheet = useShownOnce(open, loadShareSheet);
  const share = async () => {
    if (canWebShare()) {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (e) {
        if ((e as DOMException)?.name === 'AbortError') return; // the person closed the sheet
      }
    }
    setOpen(true);
  };

  return (
    <>
      <button type="button" className="cat-share" onClick={() => void share()}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="18" cy="5.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="6" cy="12" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="18" cy="18.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="m8.2 10.8 7.6-4M8.2 13.2l7.6 4" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        <span>{t('share.button')}</span>
      </button>
      {sheet ? (
        <Suspense fallback={null}>
          <ShareSheet url={url} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
