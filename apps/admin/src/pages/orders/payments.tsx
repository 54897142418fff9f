import { List, useTable } from '@refinedev/antd';
import { DatePicker, Form, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import type { ApiData } from '../../lib/api/client';
import { dateTime, money } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { PAY_WAYS } from '../../shared/labels';
import { dayRange, eqFilters, FilterBar, FilterSelect } from '../../shared/list-filters';

type Payment = ApiData<'post', 'admin/payment/info/page'>['list'][number];
const STATES = ['pending', 'paid', 'failed', 'closed', 'awaiting_offline', 'refunded'] as const;
const COLORS: Record<string, string> = { paid: 'green', pending: 'gold', failed: 'red', refunded: 'purple' };
// money still owed back is red: an operator pays it by hand
const REFUND_COLORS: Record<string, string> = {
  succeeded: 'purple',
  processing: 'gold',
  requesting: 'gold',
  failed: 'red',
  manual: 'red',
};

/** Payment attempts (finance): by channel, state and date, with the provider's trade number. */
export function PaymentList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<
    Payment,
    ApiError,
    { channel?: string; status?: string; owed?: string; dates?: [Dayjs | null, Dayjs | null] | null }
  >({
    resource: 'payment/info',
    syncWithLocation: true,
    onSearch: (v) => [...eqFilters(v, 'channel', 'status', 'owed'), dayRange('createdAt', v.dates)],
  });
  return (
    <List title={t('menu.payment/info')}>
      <FilterBar formProps={searchFormProps}>
        <FilterSelect
          name="channel"
          values={PAY_WAYS}
          label={(p) => t(`payWay.${p}`)}
          placeholder={t('orders.payChannel')}
        />
        <FilterSelect
          name="status"
          values={STATES}
          label={(s) => t(`paymentState.${s}`)}
          placeholder={t('common.status')}
          width={180}
        />
        <FilterSelect
          name="owed"
          values={['1'] as const}
          label={() => t('payments.owed')}
          placeholder={t('payments.refunds')}
        />
        <Form.Item name="dates">
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Payment>
          dataIndex="createdAt"
          title={t('common.createdAt')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Payment> dataIndex="attemptNo" title={t('payments.attemptNo')} />
        <Table.Column<Payment>
          dataIndex="orderId"
          title={t('orders.order')}
          render={(v: number | null, r) =>
            v ? (
              <Link to={`/orders/show/${v}`}>#{v}</Link>
            ) : r.topupId ? (
              `${t('payments.topup')} #${r.topupId}`
            ) : (
              ''
            )
          }
        />
        <Table.Column<Payment>
          dataIndex="channel"
          title={t('orders.payChannel')}
          render={(v: string) => t(`payWay.${v}`, { defaultValue: t('common.other') })}
        />
        <Table.Column<Payment>
          dataIndex="amount"
          title={t('orders.total')}
          align="right"
          render={(v: number, r) => money(v, r.currency)}
        />
        <Table.Column<Payment>
          dataIndex="status"
          title={t('common.status')}
          render={(v: string, r) => (
            <>
              <Tag color={COLORS[v]}>{t(`paymentState.${v}`, { defaultValue: t('common.other') })}</Tag>
              {r.surplus ? <Tag color="red">{t('payments.surplus')}</Tag> : null}
            </>
          )}
        />
        <Table.Column<Payment>
          dataIndex="refunds"
          title={t('payments.refunds')}
          render={(v: Payment['refunds'], r) =>
            v.map((x) => (
              <Tag key={x.refundNo} color={REFUND_COLORS[x.state]}>
                {money(x.amount, r.currency)} ·{' '}
                {t(`payments.refundState.${x.state}`, { defaultValue: t('common.other') })}
              </Tag>
            ))
          }
        />
        <Table.Column<Payment>
          dataIndex="providerTradeNo"
          title={t('payments.providerTradeNo')}
          render={(v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '')}
        />
        <Table.Column<Payment>
          dataIndex="paidAt"
          title={t('orders.paidAt')}
          render={(v: string | null) => dateTime(v)}
        />
      </Table>
    </List>
  );
}
