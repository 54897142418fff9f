import { useState } from 'react';
import { List, ShowButton, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { App, Button, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import type { OrderRow } from '../../lib/api/rows';
import { dateTime, money } from '../../lib/format';
import { filtersToBody } from '../../lib/data-provider';
import type { ApiError } from '../../lib/request';
import { downloadFile } from '../../shared/download';
import { ORDER_STATUSES, PAY_WAYS, STATUS_COLORS } from '../../shared/labels';

type Search = {
  orderNo?: string;
  status?: number;
  payChannel?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  buyer?: string;
  goods?: string;
};

/** The search form's values as the server's order filters (the CSV export takes the same). */
export function orderFilters(v: Search): CrudFilters {
  return [
    { field: 'orderNo', operator: 'eq', value: v.orderNo?.trim() || undefined },
    { field: 'status', operator: 'eq', value: v.status },
    { field: 'payChannel', operator: 'eq', value: v.payChannel },
    {
      field: 'createdAt',
      operator: 'between',
      value: v.dates ? [v.dates[0]?.startOf('day').valueOf(), v.dates[1]?.endOf('day').valueOf()] : undefined,
    },
    { field: 'buyer', operator: 'eq', value: v.buyer?.trim() || undefined },
    { field: 'goods', operator: 'eq', value: v.goods?.trim() || undefined },
  ];
}

export function OrderList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const { tableProps, searchFormProps, filters } = useTable<OrderRow, ApiError, Search>({
    resource: 'order/info',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    filters: { mode: 'server' },
    onSearch: orderFilters,
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile('admin/order/info/export', filtersToBody(filters), `orders-${Date.now()}.csv`);
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <List
      title={t('menu.order/info')}
      headerButtons={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
          {t('orders.exportCsv')}
        </Button>
      }
    >
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="orderNo">
          <Input allowClear placeholder={t('orders.orderNo')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('orders.status')}
            style={{ width: 150 }}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orderStatus.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="payChannel">
          <Select
            allowClear
            placeholder={t('orders.payChannel')}
            style={{ width: 150 }}
            options={PAY_WAYS.map((p) => ({ value: p, label: t(`payWay.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="dates">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="buyer">
          <Input allowClear placeholder={t('orders.buyer')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="goods">
          <Input allowClear placeholder={t('orders.goods')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('buttons.filter')}
          </Button>
        </Form.Item>
      </Form>
      {/* widths for every column: a 20-digit order number or a date no longer runs under its neighbour or
          under the sticky actions; a narrow window scrolls the table instead */}
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 1160 }}>
        <Table.Column<OrderRow>
          dataIndex="orderNo"
          width={200}
          title={t('orders.orderNo')}
          render={(v: string, r) => (
            <Link to={`/orders/show/${r.id}`} style={{ whiteSpace: 'nowrap' }}>
              {v}
            </Link>
          )}
        />
        <Table.Column<OrderRow>
          dataIndex="lines"
          width={240}
          title={t('orders.goods')}
          render={(_, r) => (
            <Space direction="vertical" size={0}>
              {r.lines.map((l) => (
                <span key={l.id}>
                  {l.title} · {l.specName} × {l.quantity}
                </span>
              ))}
            </Space>
          )}
        />
        <Table.Column<OrderRow>
          dataIndex="status"
          width={150}
          title={t('orders.status')}
          render={(s: number, r) => (
            <Space size={4} wrap>
              <Tag color={STATUS_COLORS[s]}>{t(`orderStatus.${s}`)}</Tag>
              {r.refund?.state === 'requested' && <Tag color="red">{t('orders.refundRequested')}</Tag>}
            </Space>
          )}
        />
        <Table.Column<OrderRow>
          dataIndex="payWay"
          width={130}
          title={t('orders.payChannel')}
          render={(p: string) => t(`payWay.${p}`)}
        />
        <Table.Column<OrderRow>
          dataIndex="totalAmount"
          width={120}
          title={t('orders.total')}
          align="right"
          render={(v: number, r) => money(v, r.currency)}
        />
        <Table.Column<OrderRow> dataIndex="userId" width={80} title={t('orders.buyerId')} />
        <Table.Column<OrderRow>
          dataIndex="createdAt"
          width={170}
          title={t('orders.createdAt')}
          render={(v: string) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(v)}</span>}
        />
        <Table.Column<OrderRow>
          title={t('table.actions')}
          width={70}
          fixed="right"
          render={(_, r) => <ShowButton hideText size="small" recordItemId={r.id} resource="order/info" />}
        />
      </Table>
    </List>
  );
}
