import { useState } from 'react';
import { List, useTable } from '@refinedev/antd';
import { DatePicker, Drawer, Form, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { ApiData } from '../lib/api/client';
import { dateTime } from '../lib/format';
import type { ApiError } from '../lib/request';
import { dayRange, FilterBar } from '../shared/list-filters';

export type AuditEntry = ApiData<'post', 'admin/audit/page'>['list'][number];
type Search = {
  adminId?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
};

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** Every change operators made: who, what, when, before and after; searchable by operator, action, record and time. */
export function AuditList() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const { tableProps, searchFormProps } = useTable<AuditEntry, ApiError, Search>({
    resource: 'audit',
    syncWithLocation: true,
    onSearch: (v) => [
      { field: 'adminId', operator: 'eq', value: v.adminId ? Number(v.adminId) : undefined },
      { field: 'action', operator: 'eq', value: v.action?.trim() || undefined },
      { field: 'entity', operator: 'eq', value: v.entity?.trim() || undefined },
      { field: 'entityId', operator: 'eq', value: v.entityId?.trim() || undefined },
      dayRange('createdAt', v.dates),
    ],
  });
  return (
    <List title={t('menu.audit')}>
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="adminId">
          <Input allowClear placeholder={t('audit.adminId')} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="action">
          <Input allowClear placeholder={t('audit.action')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="entity">
          <Input allowClear placeholder={t('audit.entity')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="entityId">
          <Input allowClear placeholder={t('audit.entityId')} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="dates">
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterBar>
      <Table
        {...tableProps}
        rowKey="id"
        size="middle"
        onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
      >
        <Table.Column<AuditEntry>
          dataIndex="createdAt"
          title={t('common.time')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<AuditEntry> dataIndex="adminName" title={t('audit.operator')} />
        <Table.Column<AuditEntry>
          dataIndex="action"
          title={t('audit.action')}
          render={(v: string) => <Typography.Text code>{v}</Typography.Text>}
        />
        <Table.Column<AuditEntry>
          dataIndex="entity"
          title={t('audit.entity')}
          render={(v: string) => <Typography.Text code>{v}</Typography.Text>}
        />
        <Table.Column<AuditEntry> dataIndex="entityId" title={t('audit.entityId')} />
        <Table.Column<AuditEntry> dataIndex="ip" title="IP" />
      </Table>
      <Drawer open={!!open} width={720} onClose={() => setOpen(null)} title={open?.action}>
        {open && (
          <>
            <Typography.Title level={5}>{t('audit.before')}</Typography.Title>
            <pre style={{ background: '#fafafa', padding: 8, maxHeight: 300, overflow: 'auto' }}>
              {json(open.before)}
            </pre>
            <Typography.Title level={5}>{t('audit.after')}</Typography.Title>
            <pre style={{ background: '#fafafa', padding: 8, maxHeight: 300, overflow: 'auto' }}>
              {json(open.after)}
            </pre>
          </>
        )}
      </Drawer>
    </List>
  );
}
