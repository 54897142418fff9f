import { useTranslation } from 'react-i18next';
import type { SimCardStatus } from '@simshop/contracts';

/** The card's status as a coloured tag. */
export function StatusTag({ status }: { status: SimCardStatus }) {
  const { t } = useTranslation('simcard');
  return <span className={`sim-status sim-status-${status}`}>{t(`status.${status}`)}</span>;
}
