import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { List, useTable } from '@refinedev/antd';
import { CanAccess, useInvalidate, useList } from '@refinedev/core';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Segmented,
  Space,
  Table,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime, money, toMinor } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { FilterBar, FilterSelect } from '../../shared/list-filters';
import { STATUS_COLORS } from '../../shared/labels';
import type { OrderRow } from '../../lib/api/rows';

export type Customer = ApiData<'post', 'admin/user/info/page'>['list'][number];

/** 1 enabled, 0 disabled, 2 closed by the buyer (logoff: an anonymous shell kept for the books). */
function StatusTag({ customer }: { customer: Pick<Customer, 'status' | 'closedAt'> }) {
  const { t } = useTranslation();
  if (customer.status === 2)
    return (
      <Tag color="default">
        {t('customers.closed')}
        {customer.closedAt ? ` · ${dateTime(customer.closedAt)}` : ''}
      </Tag>
    );
  return customer.status ? (
    <Tag color="green">{t('customers.enabled')}</Tag>
  ) : (
    <Tag color="red">{t('customers.disabled')}</Tag>
  );
}

function AdjustForm({
  customer,
  currency,
  onDone,
}: {
  customer: Customer;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  type Adjustment = { kind: 'wallet' | 'points'; amount: number; note: string };
  const [form] = Form.useForm<Adjustment>();
  const adjust = async (v: Adjustment) => {
    try {
      await api.post('admin/user/ledger/adjust', {
        body: {
          userPublicId: customer.id,
          kind: v.kind,
          amount: v.kind === 'wallet' ? toMinor(v.amount, currency) : Math.round(v.amount),
          note: v.note.trim(),
          idempotencyKey: crypto.randomUUID(),
        },
      });
      message.success(t('customers.adjusted'));
      form.resetFields();
      onDone();
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ kind: 'wallet' }} onFinish={(v) => void adjust(v)}>
      <Form.Item name="kind" label={t('customers.ledger')}>
        <Radio.Group
          options={[
            { value: 'wallet', label: t('customers.wallet') },
            { value: 'points', label: t('customers.points') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('customers.adjustAmount')}
        rules={[
          { required: true, message: t('form.required') },
          {
            validator: (_, v) =>
              v === 0 ? Promise.reject(new Error(t('goods.changeRule'))) : Promise.resolve(),
          },
        ]}
      >
        <InputNumber style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('customers.reason')}
        rules={[{ required: true, whitespace: true, message: t('form.required') }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('customers.adjust')}
      </Button>
    </Form>
  );
}

function CustomerDrawer({
  customer,
  onClose,
  onChanged,
}: {
  customer: Customer | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [ledgerKind, setLedgerKind] = useState<'wallet' | 'points'>('wallet');
  const { result: orders } = useList<OrderRow>({
    resource: 'order/info',
    filters: [{ field: 'buyer', operator: 'eq', value: customer?.id }],
    pagination: { pageSize: 10 },
    queryOptions: { enabled: !!customer },
  });
  const detail = useQuery({
    queryKey: ['customer', customer?.id],
    queryFn: () => api.get('admin/user/info/info', { query: { id: customer!.id } }),
    enabled: !!customer,
  });
  const ledger = useQuery({
    queryKey: ['customer', customer?.id, 'ledger', ledgerKind],
    queryFn: () =>
      api.post('admin/user/ledger/page', {
        body: { userPublicId: customer!.id, kind: ledgerKind, page: 1, size: 10 },
      }),
    enabled: !!customer,
  });
  const client = useQueryClient();
  const adjusted = () => {
    void client.invalidateQueries({ queryKey: ['customer', customer?.id] });
    onChanged();
  };
  const currency = detail.data?.currency ?? 'TWD';
  return (
    <Drawer open={!!customer} width={720} onClose={onClose} title={customer?.nickname}>
      {customer && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="ID">{customer.id}</Descriptions.Item>
            <Descriptions.Item label={t('customers.phone')}>{customer.phone ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('customers.email')}>{customer.email ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <StatusTag customer={customer} />
            </Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>
              {dateTime(customer.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.wallet')}>
              <span data-testid="customer-balance">
                {detail.data ? money(detail.data.balance, currency) : '…'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('customers.points')}>{detail.data?.points ?? '…'}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={orders?.data ?? []}
            columns={[
              {
                title: t('orders.orderNo'),
                dataIndex: 'orderNo',
                render: (v: string, r: OrderRow) => <Link to={`/orders/show/${r.id}`}>{v}</Link>,
              },
              {
                title: t('orders.status'),
                dataIndex: 'status',
                render: (s: number) => <Tag color={STATUS_COLORS[s]}>{t(`orderStatus.${s}`)}</Tag>,
              },
              {
                title: t('orders.total'),
                dataIndex: 'totalAmount',
                render: (v: number, r: OrderRow) => money(v, r.currency),
              },
              { title: t('orders.createdAt'), dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
            ]}
          />
          <Segmented<'wallet' | 'points'>
            value={ledgerKind}
            onChange={setLedgerKind}
            options={[
              { value: 'wallet', label: t('customers.wallet') },
              { value: 'points', label: t('customers.points') },
            ]}
          />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            loading={ledger.isLoading}
            dataSource={ledger.data?.list ?? []}
            columns={[
              { title: t('common.time'), dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
              {
                title: t('customers.entryType'),
                dataIndex: 'type',
                render: (v: string) => t(`ledgerType.${v}`, { defaultValue: t('common.other') }),
              },
              {
                title: t('customers.amount'),
                dataIndex: 'amount',
                align: 'right',
                render: (v: number) => (ledgerKind === 'wallet' ? money(v, currency) : v),
              },
              {
                title: t('customers.balanceAfter'),
                dataIndex: 'balanceAfter',
                align: 'right',
                render: (v: number) => (ledgerKind === 'wallet' ? money(v, currency) : v),
              },
              { title: t('customers.reason'), dataIndex: 'note' },
            ]}
          />
          {/* adjustments are the finance area's (owner, finance): others would only be refused */}
          <CanAccess resource="finance" action="adjust" fallback={null}>
            <AdjustForm customer={customer} currency={currency} onDone={adjusted} />
          </CanAccess>
        </Space>
      )}
    </Drawer>
  );
}

/** Customers: search, profile with orders, wallet and points adjustments with a reason, disabling an account. */
export function CustomerList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState<Customer | null>(null);
  const { tableProps, searchFormProps } = useTable<Customer, ApiError, { keyword?: string; status?: number }>(
    {
      resource: 'user/info',
      onSearch: (v) => [
        { field: 'keyword', operator: 'eq', value: v.keyword?.trim() || undefined },
        { field: 'status', operator: 'eq', value: v.status },
      ],
    },
  );
  const refresh = () => void invalidate({ resource: 'user/info', invalidates: ['list'] });
  const setStatus = async (c: Customer, status: 0 | 1) => {
    try {
      await api.post('admin/user/info/setStatus', { body: { id: c.id, status } });
      message.success(t('common.saved'));
      refresh();
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <List title={t('menu.user/info')}>
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('customers.search')} style={{ width: 240 }} />
        </Form.Item>
        <FilterSelect
          name="status"
          values={[1, 0, 2]}
          label={(v) => t(v === 2 ? 'customers.closed' : v ? 'customers.enabled' : 'customers.disabled')}
          placeholder={t('common.status')}
          width={140}
        />
      </FilterBar>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Customer>
          dataIndex="nickname"
          title={t('customers.nickname')}
          render={(v: string, r) => <a onClick={() => setOpen(r)}>{v}</a>}
        />
        <Table.Column<Customer> dataIndex="phone" title={t('customers.phone')} />
        <Table.Column<Customer> dataIndex="email" title={t('customers.email')} />
        <Table.Column<Customer> dataIndex="id" title="ID" />
        <Table.Column<Customer>
          dataIndex="status"
          title={t('common.status')}
          render={(_: number, r) => <StatusTag customer={r} />}
        />
        <Table.Column<Customer>
          dataIndex="createdAt"
          title={t('common.createdAt')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Customer>
          title={t('table.actions')}
          render={(_, r) => (
            <Space>
              <Button size="small" onClick={() => setOpen(r)}>
                {t('buttons.show')}
              </Button>
              {/* a closed account stays closed: nothing to switch */}
              {r.status !== 2 && (
                <Popconfirm
                  title={r.status ? t('customers.disableConfirm') : t('customers.enableConfirm')}
                  okText={t('buttons.confirm')}
                  cancelText={t('buttons.cancel')}
                  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd awaits it (spinner on OK)
                  onConfirm={() => setStatus(r, r.status ? 0 : 1)}
                >
                  <Button size="small" danger={!!r.status}>
                    {r.status ? t('customers.disable') : t('customers.enable')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
        />
      </Table>
      <CustomerDrawer customer={open} onClose={() => setOpen(null)} onChanged={refresh} />
    </List>
  );
}
