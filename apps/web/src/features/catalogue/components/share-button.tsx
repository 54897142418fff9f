import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, Toast } from 'antd-mobile';
import { TOAST_DURATION_MS } from '@simshop/contracts';
import { canWebShare, copyText } from '../model/share';

/** The spec's sharing targets. A web page cannot post into these apps itself: it hands over the link to paste. */
const TARGETS = [
  { key: 'wechat', color: '#07c160' },
  { key: 'moments', color: '#f0a30a' },
  { key: 'qq', color: '#12b7f5' },
] as const;

function TargetIcon({ color, kind }: { color: string; kind: string }) {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill={color} />
      {kind === 'link' ? (
        <path
          d="M17.5 22.5a5 5 0 0 0 7 0l4-4a5 5 0 0 0-7-7l-1 1m2 5a5 5 0 0 0-7 0l-4 4a5 5 0 0 0 7 7l1-1"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      ) : kind === 'moments' ? (
        <circle cx="20" cy="20" r="8" fill="none" stroke="#fff" strokeWidth="3" />
      ) : (
        <path d="M11 15a9 7 0 0 1 18 0 9 7 0 0 1-13 6l-4 2 1-4a7 7 0 0 1-2-4z" fill="#fff" />
      )}
    </svg>
  );
}

/**
 * Share: the browser's own share sheet where it has one (the Web Share API); otherwise a sheet with the spec's
 * targets (WeChat friends, Moments, QQ friends) and copy link, each of which copies the link to paste there.
 */
export function ShareButton({ title, text, url }: { title: string; text?: string; url: string }) {
  const { t } = useTranslation('catalogue');
  const [open, setOpen] = useState(false);

  const copy = async (target: string) => {
    const ok = await copyText(url);
    setOpen(false);
    Toast.show({
      content: ok
        ? target === 'link'
          ? t('share.copied')
          : t('share.copiedFor', { app: t(`share.${target}`) })
        : t('share.copyFailed'),
      icon: ok ? 'success' : 'fail',
      duration: TOAST_DURATION_MS,
    });
  };
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
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="cat-sheet"
      >
        <div className="cat-sheet-inner" role="dialog" aria-modal="true" aria-labelledby="share-sheet-title">
          <div className="cat-sheet-head">
            <h2 id="share-sheet-title">{t('share.title')}</h2>
            <button
              type="button"
              className="cat-icon-button"
              aria-label={t('close')}
              onClick={() => setOpen(false)}
            >
              ×
            </button>
          </div>
          <ul className="cat-share-targets">
            {TARGETS.map((x) => (
              <li key={x.key}>
                <button type="button" className="cat-share-target" onClick={() => void copy(x.key)}>
                  <TargetIcon color={x.color} kind={x.key} />
                  <span>{t(`share.${x.key}`)}</span>
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="cat-share-target" onClick={() => void copy('link')}>
                <TargetIcon color="#8c8c8c" kind="link" />
                <span>{t('share.link')}</span>
              </button>
            </li>
          </ul>
          <p className="cat-muted cat-share-hint">{t('share.hint')}</p>
        </div>
      </Popup>
    </>
  );
}
