import { List, useTable } from '@refinedev/antd';
import { Button, DatePicker, Form, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import type { ApiData } from '../../lib/api/client';
import { dateTime, money } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { PAY_WAYS } from '../../shared/labels';

type Payment = ApiData<'post', 'admin/payment/info/page'>['list'][number];
const STATES = ['pending', 'paid', 'failed', 'closed', 'awaiting_offline', 'refunded'] as const;
const COLORS: Record<string, string> = { paid: 'green', pending: 'gold', failed: 'red', refunded: 'purple' };

/** Payment attempts (finance): by channel, state and date, with the provider's trade number. */
export function PaymentList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<
    Payment,
    ApiError,
    { channel?: string; status?: string; dates?: [Dayjs | null, Dayjs | null] | null }
  >({
    resource: 'payment/info',
    syncWithLocation: true,
    onSearch: (v) => [
      { field: 'channel', operator: 'eq', value: v.channel },
      { field: 'status', operator: 'eq', value: v.status },
      {
        field: 'createdAt',
        operator: 'between',
        value: v.dates
          ? [v.dates[0]?.startOf('day').valueOf(), v.dates[1]?.endOf('day').valueOf()]
          : undefined,
      },
    ],
  });
  return (
    <List title={t('menu.payment/info')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="channel">
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('orders.payChannel')}
            options={PAY_WAYS.map((p) => ({ value: p, label: t(`payWay.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('common.status')}
            options={STATES.map((s) => ({ value: s, label: t(`paymentState.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="dates">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('buttons.filter')}
        </Button>
      </Form>
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
          render={(v: string) => t(`payWay.${v}`, { defaultValue: v })}
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
              <Tag color={COLORS[v]}>{t(`paymentState.${v}`, { defaultValue: v })}</Tag>
              {r.surplus ? <Tag color="red">{t('payments.surplus')}</Tag> : null}
            </>
          )}
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
