import { useState } from 'react';
import { List, useTable } from '@refinedev/antd';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime, money } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { FilterBar } from '../../shared/list-filters';

type Row = ApiData<'post', 'admin/company/info/page'>['list'][number];
type Detail = ApiData<'get', 'admin/company/info/info'>;

function CompanyDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['admin-company', id],
    queryFn: (): Promise<Detail> => api.get('admin/company/info/info', { query: { id } }),
  });
  if (!detail.data) return null;
  const d = detail.data;
  return (
    <>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('companies.owner')}>{d.ownerUserId}</Descriptions.Item>
        <Descriptions.Item label={t('companies.threshold')}>
          {d.approvalThreshold === null ? '—' : money(d.approvalThreshold)}
        </Descriptions.Item>
      </Descriptions>
      <h3>{t('companies.members')}</h3>
      <Table rowKey="userId" size="small" pagination={false} dataSource={d.members}>
        <Table.Column dataIndex="name" title={t('companies.name')} />
        <Table.Column dataIndex="phone" title={t('customers.phone')} />
        <Table.Column dataIndex="role" title={t('companies.role')} render={(r: string) => <Tag>{r}</Tag>} />
      </Table>
      <h3>{t('companies.orders')}</h3>
      <Table rowKey="id" size="small" pagination={false} dataSource={d.batches}>
        <Table.Column<Detail['batches'][number]>
          dataIndex="orderNo"
          title={t('companies.orderNo')}
          render={(v: string, b) => <Link to={`/orders/show/${b.orderId}`}>{v}</Link>}
        />
        <Table.Column dataIndex="quantity" title={t('companies.quantity')} />
        <Table.Column
          dataIndex="totalAmount"
          title={t('companies.amount')}
          render={(v: number) => money(v)}
        />
        <Table.Column
          dataIndex="status"
          title={t('companies.approval')}
          render={(s: string) => <Tag>{s}</Tag>}
        />
        <Table.Column
          dataIndex="createdAt"
          title={t('companies.createdAt')}
          render={(v: string) => dateTime(v)}
        />
      </Table>
    </>
  );
}

/** Companies (issue 28), read only: each with its members and its bulk orders. */
export function CompanyList() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Row | null>(null);
  const { tableProps, searchFormProps } = useTable<Row, ApiError, { keyword?: string }>({
    resource: 'company/info',
    onSearch: (v) => [{ field: 'keyword', operator: 'eq', value: v.keyword?.trim() || undefined }],
  });
  return (
    <List title={t('menu.company/info')}>
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('companies.search')} style={{ width: 240 }} />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} rowKey="id" size="middle" onRow={(r) => ({ onClick: () => setOpen(r) })}>
        <Table.Column<Row> dataIndex="name" title={t('companies.name')} />
        <Table.Column<Row> dataIndex="memberCount" title={t('companies.members')} />
        <Table.Column<Row> dataIndex="batchCount" title={t('companies.orders')} />
        <Table.Column<Row>
          dataIndex="createdAt"
          title={t('companies.createdAt')}
          render={(v: string) => dateTime(v)}
        />
      </Table>
      <Drawer open={!!open} width={640} title={open?.name} onClose={() => setOpen(null)}>
        {open ? <CompanyDetail id={open.id} /> : null}
      </Drawer>
    </List>
  );
}
