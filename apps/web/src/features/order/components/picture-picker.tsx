import { useTranslation } from 'react-i18next';
import { IMAGE_CHOOSE_COUNT } from '@simshop/contracts';
import { PicturePicker as SharedPicturePicker } from '../../../shared';

/** The shared picture picker with the order pages' words (refund and review). */
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
  return (
    <SharedPicturePicker
      value={value}
      onChange={onChange}
      max={max}
      labels={{
        count: t('refund.pictures', { count: value.length, max }),
        add: t('refund.addPicture'),
        remove: (n) => t('refund.removePicture', { n }),
        uploadFailed: t('refund.uploadFailed'),
      }}
    />
  );
}
