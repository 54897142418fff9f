import { useState } from 'react';
import { List, useTable } from '@refinedev/antd';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Descriptions, Drawer, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime, money } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { eqFilters, FilterBar, FilterSelect } from '../../shared/list-filters';
import { ProofView } from './proof-view';

type Transfer = ApiData<'post', 'admin/order/transfer/page'>['list'][number];
const STATES = ['awaiting_transfer', 'proof_submitted', 'verified', 'rejected'] as const;
const COLORS: Record<string, string> = {
  awaiting_transfer: 'default',
  proof_submitted: 'gold',
  verified: 'green',
  rejected: 'red',
};

/** Corporate transfers: the proofs a buyer sent, then verify (the order is paid) or reject with a reason. */
export function TransferList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState<Transfer | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const { tableProps, searchFormProps } = useTable<Transfer, ApiError, { status?: string }>({
    resource: 'order/transfer',
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'proof_submitted' }] },
    onSearch: (v) => eqFilters(v, 'status'),
  });
  const done = (msg: string) => {
    message.success(msg);
    setOpen(null);
    setRejecting(false);
    setReason('');
    void invalidate({ resource: 'order/transfer', invalidates: ['list'] });
  };
  const verify = async (x: Transfer) => {
    try {
      await api.post('admin/order/transfer/verify', { body: { orderId: x.orderId } });
      done(t('transfers.verified'));
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  const reject = async (x: Transfer) => {
    try {
      await api.post('admin/order/transfer/reject', { body: { orderId: x.orderId, reason: reason.trim() } });
      done(t('transfers.rejected'));
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <List title={t('menu.order/transfer')}>
      <FilterBar formProps={searchFormProps} initialValues={{ status: 'proof_submitted' }}>
        <FilterSelect
          name="status"
          width={200}
          placeholder={t('transfers.status')}
          values={STATES}
          label={(s) => t(`transferState.${s}`)}
        />
      </FilterBar>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Transfer>
          dataIndex="orderNo"
          title={t('orders.orderNo')}
          render={(v: string, r) => <Link to={`/orders/show/${r.orderId}`}>{v}</Link>}
        />
        <Table.Column<Transfer> dataIndex="reference" title={t('transfers.reference')} />
        <Table.Column<Transfer>
          dataIndex="amount"
          title={t('orders.total')}
          align="right"
          render={(v: number, r) => money(v, r.currency)}
        />
        <Table.Column<Transfer>
          dataIndex="status"
          title={t('transfers.status')}
          render={(s: string) => <Tag color={COLORS[s]}>{t(`transferState.${s}`)}</Tag>}
        />
        <Table.Column<Transfer>
          dataIndex="proofs"
          title={t('transfers.proofs')}
          render={(p: unknown[]) => p.length}
        />
        <Table.Column<Transfer>
          dataIndex="updatedAt"
          title={t('common.updatedAt')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Transfer>
          title={t('table.actions')}
          render={(_, r) => (
            <Button size="small" onClick={() => setOpen(r)}>
              {t('transfers.review')}
            </Button>
          )}
        />
      </Table>
      <Drawer
        open={!!open}
        width={560}
        title={open ? `${t('transfers.review')} ${open.orderNo}` : ''}
        onClose={() => setOpen(null)}
      >
        {open && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions bordered size="small" column={1}>
              <Descriptions.Item label={t('transfers.reference')}>{open.reference}</Descriptions.Item>
              <Descriptions.Item label={t('orders.total')}>
                {money(open.amount, open.currency)}
              </Descriptions.Item>
              <Descriptions.Item label={t('transfers.account')}>
                {open.bankName} ({open.bankCode}) {open.accountName} {open.accountNo}
              </Descriptions.Item>
              <Descriptions.Item label={t('transfers.status')}>
                {t(`transferState.${open.status}`)}
              </Descriptions.Item>
              {open.rejectReason ? (
                <Descriptions.Item label={t('orders.rejectReason')}>{open.rejectReason}</Descriptions.Item>
              ) : null}
            </Descriptions>
            <Typography.Title level={5}>{t('transfers.proofs')}</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={open.proofs}
              columns={[
                { title: t('transfers.fileType'), dataIndex: 'mime' },
                {
                  title: t('transfers.fileSize'),
                  dataIndex: 'size',
                  render: (v: number) => `${Math.ceil(v / 1024)} KB`,
                },
                {
                  title: 'SHA-256',
                  dataIndex: 'sha256',
                  render: (v: string) => <Typography.Text code>{v.slice(0, 16)}…</Typography.Text>,
                },
                {
                  title: t('transfers.uploadedAt'),
                  dataIndex: 'uploadedAt',
                  render: (v: string) => dateTime(v),
                },
              ]}
            />
            <ProofView proofs={open.proofs} />
            {open.status === 'proof_submitted' && (
              <Space>
                <Button type="primary" onClick={() => void verify(open)}>
                  {t('transfers.verify')}
                </Button>
                <Button danger onClick={() => setRejecting(true)}>
                  {t('transfers.reject')}
                </Button>
              </Space>
            )}
          </Space>
        )}
      </Drawer>
      <Modal
        open={rejecting}
        title={t('transfers.reject')}
        okText={t('buttons.confirm')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: !reason.trim() }}
        onCancel={() => setRejecting(false)}
        onOk={() => open && void reject(open)}
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
