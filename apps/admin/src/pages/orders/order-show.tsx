import { useState } from 'react';
import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import { Show } from '@refinedev/antd';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Row,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime, minorDigits, money, toMajor, toMinor } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { STATUS_COLORS } from '../../shared/labels';
import { LogNote, RefundReason } from './order-log';

export type OrderDetail = ApiData<'get', 'admin/order/info/info'>;

function ShipCard({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const ship = async (v: { carrier: string; trackingNo: string }) => {
    setBusy(true);
    try {
      await api.post('admin/order/info/ship', { body: { id: order.id, ...v } });
      message.success(t('orders.shipped'));
      onDone();
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('orders.ship')} size="small">
      <Form layout="inline" onFinish={(v: Parameters<typeof ship>[0]) => void ship(v)}>
        <Form.Item name="carrier" rules={[{ required: true, message: t('form.required') }]}>
          <Input placeholder={t('orders.carrier')} aria-label={t('orders.carrier')} />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          rules={[{ required: true, pattern: /^[A-Za-z0-9-]{3,64}$/, message: t('orders.trackingRule') }]}
        >
          <Input placeholder={t('orders.trackingNo')} aria-label={t('orders.trackingNo')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('orders.shipButton')}
        </Button>
      </Form>
    </Card>
  );
}

function TrackingCard({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const add = async (v: { description: string; location?: string }) => {
    try {
      await api.post('admin/order/info/tracking', {
        body: { id: order.id, description: v.description, location: v.location || null },
      });
      message.success(t('orders.trackingAdded'));
      form.resetFields();
      onDone();
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <Card title={t('orders.trackingEvent')} size="small">
      <Form form={form} layout="inline" onFinish={(v: Parameters<typeof add>[0]) => void add(v)}>
        <Form.Item name="description" rules={[{ required: true, message: t('form.required') }]}>
          <Input placeholder={t('orders.eventDescription')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="location">
          <Input placeholder={t('orders.eventLocation')} />
        </Form.Item>
        <Button htmlType="submit">{t('buttons.add')}</Button>
      </Form>
    </Card>
  );
}

function RefundCard({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const refund = order.refund!;
  const [approving, setApproving] = useState(false);
  // the amount to give back, in major units as typed; the whole ask by default
  const [amount, setAmount] = useState<number | null>(null);
  // why an installed eSIM is refunded in full (the server asks for it then, and logs it)
  const [approveReason, setApproveReason] = useState('');
  const digits = minorDigits(order.currency);
  const askedMajor = toMajor(refund.amount, order.currency);
  const minor = amount === null ? null : toMinor(amount, order.currency);
  const amountOk = minor !== null && minor > 0 && minor <= refund.amount;
  const approve = async () => {
    if (minor === null) return;
    await run(
      () =>
        api.post('admin/order/info/refund/approve', {
          // the whole ask goes without an amount; less is a partial refund
          body: {
            id: order.id,
            ...(minor === refund.amount ? {} : { amount: minor }),
            ...(approveReason.trim() ? { reason: approveReason.trim() } : {}),
          },
        }),
      t('orders.refundApproved'),
    );
    setApproving(false);
  };
  const reject = async () => {
    await run(
      () => api.post('admin/order/info/refund/reject', { body: { id: order.id, reason: reason.trim() } }),
      t('orders.refundRejected'),
    );
    setRejecting(false);
  };
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
      onDone();
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <Card title={t('orders.refund')} size="small">
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('orders.refundState')}>
          <Tag
            color={refund.state === 'requested' ? 'red' : refund.state === 'approved' ? 'green' : 'default'}
          >
            {t(`refundState.${refund.state}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.refundAmount')}>
          {money(refund.amount, order.currency)}
        </Descriptions.Item>
        {refund.requestedAmount !== refund.amount ? (
          <Descriptions.Item label={t('orders.refundAsked')}>
            {money(refund.requestedAmount, order.currency)}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('orders.refundReason')}>
          <RefundReason value={refund.reason} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.requestedAt')}>{dateTime(refund.requestedAt)}</Descriptions.Item>
        {refund.description ? (
          <Descriptions.Item label={t('orders.refundDescription')} span={2}>
            {refund.description}
          </Descriptions.Item>
        ) : null}
        {refund.rejectReason ? (
          <Descriptions.Item label={t('orders.rejectReason')} span={2}>
            {refund.rejectReason}
          </Descriptions.Item>
        ) : null}
        {refund.providerState ? (
          <Descriptions.Item label={t('orders.providerState')}>{refund.providerState}</Descriptions.Item>
        ) : null}
      </Descriptions>
      {refund.pictures.length > 0 && (
        <Image.PreviewGroup>
          <Space>
            {refund.pictures.map((p) => (
              <Image key={p} src={p} width={72} height={72} style={{ objectFit: 'cover' }} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {refund.state === 'requested' && (
        <Space style={{ marginTop: 12 }}>
          <Button
            type="primary"
            onClick={() => {
              setAmount(askedMajor);
              setApproving(true);
            }}
          >
            {t('orders.approveRefund')}
          </Button>
          <Button danger onClick={() => setRejecting(true)}>
            {t('orders.rejectRefund')}
          </Button>
        </Space>
      )}
      <Modal
        open={approving}
        title={t('orders.approveRefund')}
        okText={t('buttons.confirm')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: !amountOk }}
        onCancel={() => setApproving(false)}
        onOk={() => void approve()}
      >
        <Form layout="vertical">
          <Form.Item
            label={t('orders.approveAmount')}
            extra={t('orders.approveAmountHelp', { amount: money(refund.amount, order.currency) })}
            validateStatus={amountOk ? undefined : 'error'}
            help={
              amountOk
                ? undefined
                : t('orders.approveAmountInvalid', { amount: money(refund.amount, order.currency) })
            }
          >
            <InputNumber
              aria-label={t('orders.approveAmount')}
              style={{ width: '100%' }}
              addonAfter={order.currency}
              min={0}
              max={askedMajor}
              precision={digits}
              step={digits > 0 ? 10 ** -digits : 1}
              value={amount}
              onChange={(v) => setAmount(v)}
            />
          </Form.Item>
          <Form.Item label={t('orders.approveReason')} extra={t('orders.approveReasonHelp')}>
            <Input.TextArea
              aria-label={t('orders.approveReason')}
              maxLength={200}
              value={approveReason}
              onChange={(e) => setApproveReason(e.target.value)}
            />
          </Form.Item>
          {minor !== null && amountOk ? (
            <Typography.Text>
              {t('orders.approveConfirm', { amount: money(minor, order.currency) })}
            </Typography.Text>
          ) : null}
        </Form>
      </Modal>
      <Modal
        open={rejecting}
        title={t('orders.rejectRefund')}
        okText={t('buttons.confirm')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: !reason.trim() }}
        onCancel={() => setRejecting(false)}
        onOk={() => void reject()}
      >
        <Input.TextArea
          aria-label={t('orders.rejectReason')}
          placeholder={t('orders.rejectReason')}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}

export function OrderShow() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { query, result: order } = useOne<OrderDetail>({ resource: 'order/info', id: id! });
  const refetch = () => void query.refetch();
  if (query.isError) return <Alert type="error" showIcon message={query.error?.message} />;
  const physical = order?.lines.some((l) => l.goodsType === 0 && l.noFreight === 0) ?? false;
  return (
    <Show
      resource="order/info"
      recordItemId={id}
      isLoading={query.isLoading}
      title={order ? `${t('orders.order')} ${order.orderNo}` : t('orders.order')}
      headerButtons={() => null}
    >
      {order && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <Descriptions bordered size="small" column={2}>
                <Descriptions.Item label={t('orders.status')}>
                  <Tag color={STATUS_COLORS[order.status]}>{t(`orderStatus.${order.status}`)}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.payChannel')}>
                  {t(`payWay.${order.payWay}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.buyerId')}>{order.userId}</Descriptions.Item>
                <Descriptions.Item label={t('orders.createdAt')}>
                  {dateTime(order.createdAt)}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.paidAt')}>{dateTime(order.paidAt)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.shippedAt')}>
                  {dateTime(order.shippedAt)}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.carrier')}>{order.carrier ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('orders.trackingNo')}>
                  {order.trackingNo ?? '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.address')} span={2}>
                  {order.address
                    ? `${order.address.contact} ${order.address.phone} · ${order.address.fullAddress}`
                    : '-'}
                </Descriptions.Item>
                {order.note ? (
                  <Descriptions.Item label={t('orders.note')} span={2}>
                    {order.note}
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={order.lines}
                columns={[
                  { title: t('orders.goods'), dataIndex: 'title' },
                  { title: t('goods.spec'), dataIndex: 'specName' },
                  {
                    title: t('goods.kind'),
                    dataIndex: 'goodsType',
                    render: (v: number) => (v === 1 ? t('goods.virtual') : t('goods.physical')),
                  },
                  {
                    title: t('orders.price'),
                    dataIndex: 'price',
                    align: 'right',
                    render: (v: number) => money(v, order.currency),
                  },
                  { title: t('orders.quantity'), dataIndex: 'quantity', align: 'right' },
                  {
                    title: t('orders.subtotal'),
                    dataIndex: 'subtotal',
                    align: 'right',
                    render: (v: number) => money(v, order.currency),
                  },
                ]}
                summary={() => (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={5} align="right">
                      <Typography.Text type="secondary">
                        {t('orders.shipping')} {money(order.shippingAmount, order.currency)} ·{' '}
                        {t('orders.discounts')}{' '}
                        {money(order.couponDiscount + order.pointsDiscount, order.currency)}
                      </Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      <Typography.Text strong>{money(order.totalAmount, order.currency)}</Typography.Text>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
              />
              {order.status === 1 && physical && <ShipCard order={order} onDone={refetch} />}
              {order.status === 2 && physical && <TrackingCard order={order} onDone={refetch} />}
              {order.refund && <RefundCard order={order} onDone={refetch} />}
            </Space>
          </Col>
          <Col xs={24} xl={8}>
            <Card title={t('orders.log')} size="small">
              <Timeline
                items={[...order.log].reverse().map((e) => ({
                  color: e.actor === 'admin' ? 'red' : e.actor === 'system' ? 'gray' : 'blue',
                  children: (
                    <div>
                      <Typography.Text strong>{t(`orderStatus.${e.toStatus}`)}</Typography.Text>{' '}
                      <Typography.Text type="secondary">
                        {t(`actor.${e.actor}`)} ·{' '}
                        {t(`orderAction.${e.action}`, { defaultValue: t('common.other') })}
                      </Typography.Text>
                      <div>{dateTime(e.at)}</div>
                      {e.note && (
                        <div>
                          <LogNote note={e.note} />
                        </div>
                      )}
                    </div>
                  ),
                }))}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Show>
  );
}
