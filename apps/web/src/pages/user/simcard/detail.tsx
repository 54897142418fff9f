import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../app/page';
import { SIMCARD_LIST_PATH, SimCardDetailView } from '../../../features/simcard';
import { Empty } from '../../../shared';

/** /pages/user/simcard/detail?iccid=: one card, its eSIM install codes, usage, validity and top-up; works offline. */
export default function UserSimcardDetailPage() {
  const { t } = useTranslation();
  const iccid = (useSearchParams()[0].get('iccid') ?? '').replace(/\D/g, '');
  return (
    <Page title={t('common:titles.simcardDetail')}>
      {iccid ? (
        <SimCardDetailView key={iccid} iccid={iccid} />
      ) : (
        <Empty>
          {t('simcard:detail.missing')} <Link to={SIMCARD_LIST_PATH}>{t('simcard:detail.back')}</Link>
        </Empty>
      )}
    </Page>
  );
}
