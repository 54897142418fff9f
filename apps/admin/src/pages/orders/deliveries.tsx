import { List, useTable } from '@refinedev/antd';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { eqFilters, FilterBar, FilterSelect } from '../../shared/list-filters';
import { ActivationCell } from './activation-open';
import { SimIssueButton } from './sim-issue';

type Delivery = ApiData<'post', 'admin/simcard/delivery/page'>['list'][number];
type State = NonNullable<Delivery['state']>;
const DELIVERY_STATES: State[] = ['delivering', 'stuck', 'delivered', 'cancelled'];

/** eSIM deliveries to the plan partner: the stuck ones (failed) are retried from here. */
export function DeliveryList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { tableProps, searchFormProps } = useTable<Delivery, ApiError, { state?: State }>({
    resource: 'simcard/delivery',
    filters: { initial: [{ field: 'state', operator: 'eq', value: 'stuck' }] },
    onSearch: (v) => eqFilters(v, 'state'),
  });
  const retry = async (id: number) => {
    try {
      await api.post('admin/simcard/delivery/retry', { body: { id } });
      message.success(t('deliveries.retried'));
      void invalidate({ resource: 'simcard/delivery', invalidates: ['list'] });
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <List title={t('menu.simcard/delivery')} headerButtons={<SimIssueButton />}>
      <FilterBar formProps={searchFormProps} initialValues={{ state: 'stuck' }}>
        <FilterSelect
          name="state"
          values={DELIVERY_STATES}
          label={(s) => t(`deliveryState.${s}`)}
          placeholder={t('deliveries.state')}
          width={200}
        />
      </FilterBar>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Delivery>
          dataIndex="orderId"
          title={t('orders.order')}
          render={(v: number) => <Link to={`/orders/show/${v}`}>#{v}</Link>}
        />
        <Table.Column<Delivery> dataIndex="commodityCode" title={t('deliveries.commodity')} />
        <Table.Column<Delivery>
          dataIndex="state"
          title={t('deliveries.state')}
          render={(s: string) => (
            <Tag color={s === 'stuck' ? 'red' : s === 'delivered' ? 'green' : 'gold'}>
              {t(`deliveryState.${s}`)}
            </Tag>
          )}
        />
        <Table.Column<Delivery> dataIndex="attempts" title={t('deliveries.attempts')} />
        <Table.Column<Delivery>
          title={t('deliveries.activation')}
          render={(_, r) =>
            r.kind === 'esim' &&
            (r.state === 'delivered' || r.heldIccids.length > 0) && <ActivationCell deliveryId={r.id} />
          }
        />
        <Table.Column<Delivery>
          dataIndex="lastError"
          title={t('deliveries.lastError')}
          render={(v: string | null, r) => (
            <>
              <Typography.Text type="danger">{v ?? ''}</Typography.Text>
              {r.heldIccids.length > 0 && (
                <div>
                  <Tag color="red">{t('deliveries.held', { iccids: r.heldIccids.join(', ') })}</Tag>
                </div>
              )}
            </>
          )}
        />
        <Table.Column<Delivery>
          dataIndex="updatedAt"
          title={t('common.updatedAt')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Delivery>
          title={t('table.actions')}
          render={(_, r) =>
            r.state === 'stuck' && (
              <Button size="small" onClick={() => void retry(r.id)}>
                {t('deliveries.retry')}
              </Button>
            )
          }
        />
      </Table>
    </List>
  );
}
