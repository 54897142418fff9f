import { useState } from 'react';
import { List, useTable } from '@refinedev/antd';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Input, Modal, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { eqFilters, FilterBar, FilterSelect } from '../../shared/list-filters';

type Row = ApiData<'post', 'admin/user/realName/page'>['list'][number];
const STATES = ['pending', 'verified', 'rejected'] as const;

/** The real-name verification queue: approve, or reject with a reason the buyer reads. */
export function RealNameList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const { tableProps, searchFormProps } = useTable<Row, ApiError, { status?: string }>({
    resource: 'user/realName',
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'pending' }] },
    onSearch: (v) => eqFilters(v, 'status'),
  });
  const review = async (r: Row, approve: boolean, why?: string) => {
    try {
      await api.post('admin/user/realName/review', {
        body: { userPublicId: r.userPublicId, approve, ...(why ? { reason: why } : {}) },
      });
      message.success(approve ? t('realName.approved') : t('realName.rejected'));
      setRejecting(null);
      setReason('');
      void invalidate({ resource: 'user/realName', invalidates: ['list'] });
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <List title={t('menu.user/realName')}>
      <FilterBar formProps={searchFormProps} initialValues={{ status: 'pending' }}>
        <FilterSelect name="status" values={STATES} label={(s) => t(`realNameState.${s}`)} />
      </FilterBar>
      <Table {...tableProps} rowKey="userPublicId" size="middle">
        <Table.Column<Row> dataIndex="nickname" title={t('customers.nickname')} />
        <Table.Column<Row> dataIndex="legalName" title={t('realName.legalName')} />
        <Table.Column<Row> dataIndex="idType" title={t('realName.idType')} />
        <Table.Column<Row> dataIndex="idNumber" title={t('realName.idNumber')} />
        <Table.Column<Row>
          dataIndex="status"
          title={t('common.status')}
          render={(s: string) => (
            <Tag color={s === 'pending' ? 'gold' : s === 'verified' ? 'green' : 'red'}>
              {t(`realNameState.${s}`, { defaultValue: t('common.other') })}
            </Tag>
          )}
        />
        <Table.Column<Row>
          dataIndex="submittedAt"
          title={t('realName.submittedAt')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Row>
          title={t('table.actions')}
          render={(_, r) =>
            r.status === 'pending' && (
              <Space>
                <Button size="small" type="primary" onClick={() => void review(r, true)}>
                  {t('realName.approve')}
                </Button>
                <Button size="small" danger onClick={() => setRejecting(r)}>
                  {t('realName.reject')}
                </Button>
              </Space>
            )
          }
        />
      </Table>
      <Modal
        open={!!rejecting}
        title={t('realName.reject')}
        okText={t('buttons.confirm')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: !reason.trim() }}
        onCancel={() => setRejecting(null)}
        onOk={() => rejecting && void review(rejecting, false, reason.trim())}
      >
        <Input.TextArea
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('orders.rejectReason')}
        />
      </Modal>
    </List>
  );
}
