import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api/client';
import { money } from '../../lib/format';

/**
 * Honest plans (issue 27): the plan specs priced above another of the same goods that gives as many days and
 * as much data or more, on sale or not yet, shown above the goods list so a ladder is fixed before it goes live.
 */
export function PlanLadderAlert() {
  const { t } = useTranslation();
  const issues = useQuery({
    queryKey: ['admin', 'goods', 'planLadder'],
    queryFn: () => api.get('admin/goods/planLadder/list'),
  });
  if (!issues.data || issues.data.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('goods.ladderTitle', { count: issues.data.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {issues.data.map((i) => (
            <li key={`${i.dearer.specId}-${i.better.specId}`}>
              {t('goods.ladderLine', {
                title: i.title,
                dearer: i.dearer.name,
                dearerPrice: money(i.dearer.price),
                better: i.better.name,
                betterPrice: money(i.better.price),
                more: t(`goods.ladderMore.${i.more}`),
              })}
              {i.onSale ? '' : ` (${t('goods.onSaleNo')})`}
            </li>
          ))}
        </ul>
      }
    />
  );
}
