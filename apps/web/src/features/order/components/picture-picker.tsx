import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from 'antd-mobile';
import { IMAGE_CHOOSE_COUNT, TOAST_DURATION_MS } from '@simshop/contracts';
import { upload } from '../../../lib/request';

/** Up to IMAGE_CHOOSE_COUNT pictures, each uploaded when chosen (lib/request `upload`); answers their URLs. */
export function PicturePicker({
  value,
  onChange,
  max = IMAGE_CHOOSE_COUNT,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  max?: number;
}) {
  const { t } = useTranslation('order');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (files: FileList | null) => {
    if (!files) return;
    const room = max - value.length;
    const chosen = Array.from(files).slice(0, room); // spec: limited to the requested count
    setBusy(true);
    const urls = [...value];
    for (const f of chosen) {
      try {
        urls.push((await upload(f)).url);
      } catch (e) {
        Toast.show({
          content: e instanceof Error && e.message ? e.message : t('refund.uploadFailed'),
          icon: 'fail',
          duration: TOAST_DURATION_MS,
        });
      }
    }
    onChange(urls);
    setBusy(false);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="ord-pictures">
      <p className="ord-muted">{t('refund.pictures', { count: value.length, max })}</p>
      <ul>
        {value.map((u, i) => (
          <li key={u}>
            <img src={u} alt="" />
            <button
              type="button"
              aria-label={t('refund.removePicture', { n: i + 1 })}
              onClick={() => onChange(value.filter((x) => x !== u))}
            >
              ×
            </button>
          </li>
        ))}
        {value.length < max ? (
          <li>
            <label className="ord-picture-add">
              <span aria-hidden="true">+</span>
              <span className="sr-only">{t('refund.addPicture')}</span>
              <input
                ref={input}
                type="file"
                accept="image/*"
                multiple
                disabled={busy}
                className="sr-only"
                onChange={(e) => void choose(e.target.files)}
              />
            </label>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
