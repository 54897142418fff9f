import { useTranslation } from 'react-i18next';
import { Popup, Toast } from 'antd-mobile';
import { TOAST_DURATION_MS } from '@simshop/contracts';
import { copyText } from '../model/share';
import { SheetHead } from './sheet-head';

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
 * The sheet of the spec's sharing targets (WeChat friends, Moments, QQ friends) and copy link, each of which
 * copies the link to paste there: for a browser without a share sheet of its own (share-button).
 */
export function ShareSheet({
  url,
  visible,
  onClose,
}: {
  url: string;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const copy = async (target: string) => {
    const ok = await copyText(url);
    onClose();
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
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="cat-sheet">
      <div className="cat-sheet-inner" role="dialog" aria-modal="true" aria-labelledby="share-sheet-title">
        <SheetHead titleId="share-sheet-title" title={t('share.title')} onClose={onClose} />
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
  );
}
