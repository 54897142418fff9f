import { useRef, useState } from 'react';
import { IMAGE_CHOOSE_COUNT } from '@simshop/contracts';
import { api } from '../../lib/api/client';
import { toastError } from '../toast';
import './picture-picker.css';

/** The words a picture picker shows, from the namespace of the page that uses it. */
export type PicturePickerLabels = {
  /** e.g. "Pictures (2/9)". */
  count: string;
  add: string;
  remove: (n: number) => string;
  /** Alternative text of the n-th chosen picture; empty when the picture is decorative. */
  picture?: (n: number) => string;
  uploadFailed: string;
};

/**
 * Up to `max` pictures (the spec's IMAGE_CHOOSE_COUNT by default), each uploaded when chosen (`api.upload`);
 * answers their URLs. Used by refunds, reviews, complaints and feedback.
 */
export function PicturePicker({
  value,
  onChange,
  labels,
  max = IMAGE_CHOOSE_COUNT,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  labels: PicturePickerLabels;
  max?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (files: FileList | null) => {
    if (!files) return;
    const chosen = Array.from(files).slice(0, max - value.length); // spec: limited to the requested count
    setBusy(true);
    const urls = [...value];
    for (const f of chosen) {
      try {
        urls.push((await api.upload(f)).url);
      } catch (e) {
        toastError(e, labels.uploadFailed);
      }
    }
    onChange(urls);
    setBusy(false);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="picture-picker">
      <p className="picture-picker-count">{labels.count}</p>
      <ul>
        {value.map((u, i) => (
          <li key={u}>
            <img src={u} alt={labels.picture?.(i + 1) ?? ''} />
            <button
              type="button"
              aria-label={labels.remove(i + 1)}
              onClick={() => onChange(value.filter((x) => x !== u))}
            >
              ×
            </button>
          </li>
        ))}
        {value.length < max ? (
          <li>
            <label className="picture-picker-add">
              <span aria-hidden="true">+</span>
              <span className="sr-only">{labels.add}</span>
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
