import { useTranslation } from 'react-i18next';

/** The head of a bottom sheet: its title (named by `titleId`, for the dialog's label) and a close button. */
export function SheetHead({
  titleId,
  title,
  onClose,
}: {
  titleId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="cat-sheet-head">
      <h2 id={titleId}>{title}</h2>
      <button type="button" className="cat-icon-button" aria-label={t('close')} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
