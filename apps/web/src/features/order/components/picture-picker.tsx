import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_CHOOSE_COUNT } from '@simshop/contracts';
import { api } from '../../../lib/api/client';
import { toastError } from '../../../shared';

/** Up to IMAGE_CHOOSE_COUNT pictures, each uploaded when chosen (`api.upload`); answers their URLs. */
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
        urls.push((await api.upload(f)).url);
      } catch (e) {
        toastError(e, t('refund.uploadFailed'));
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
