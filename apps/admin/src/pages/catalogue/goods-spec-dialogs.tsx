import { useState, type ReactNode } from 'react';
import { App, Form, Input, InputNumber, Modal, Table, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime, toMajor, toMinor } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { notNegative, type Spec } from './goods-form';

/** A dialog about one spec ("<action> · <spec name>"), saved by submitting `form`. */
function SpecDialog({
  spec,
  action,
  width,
  form,
  onClose,
  children,
}: {
  spec: Spec | null;
  action: string;
  width?: number;
  form: FormInstance;
  onClose: (changed: boolean) => void;
  children: (spec: Spec) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!spec}
      width={width}
      title={spec ? `${action} · ${spec.name}` : ''}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {spec && children(spec)}
    </Modal>
  );
}

type StockChange = { change: number; remark?: string };

export function StockDialog({ spec, onClose }: { spec: Spec | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StockChange>();
  const [log, setLog] = useState<ApiData<'post', 'admin/goods/stockLog/list'> | null>(null);
  const [loadedFor, setLoadedFor] = useState<number | null>(null);
  const change = async (spec: Spec, v: StockChange) => {
    try {
      await api.post('admin/goods/stock/change', {
        body: { specId: spec.id, change: v.change, remark: v.remark },
      });
      message.success(t('goods.stockChanged'));
      form.resetFields();
      onClose(true);
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  if (spec && loadedFor !== spec.id) {
    setLoadedFor(spec.id);
    setLog(null);
    void api
      .post('admin/goods/stockLog/list', { body: { specId: spec.id, limit: 20 } })
      .then(setLog, () => setLog([]));
  }
  return (
    <SpecDialog spec={spec} action={t('goods.changeStock')} width={720} form={form} onClose={onClose}>
      {(spec) => (
        <>
          <Typography.Paragraph>
            {t('goods.currentStock')}: <b>{spec.stock}</b>
          </Typography.Paragraph>
          <Form form={form} layout="inline" onFinish={(v) => void change(spec, v)}>
            <Form.Item
              name="change"
              rules={[
                { required: true, type: 'integer', message: t('goods.changeRule') },
                {
                  validator: (_, v) =>
                    v === 0 ? Promise.reject(new Error(t('goods.changeRule'))) : Promise.resolve(),
                },
              ]}
            >
              <InputNumber placeholder={t('goods.stockChange')} aria-label={t('goods.stockChange')} />
            </Form.Item>
            <Form.Item name="remark">
              <Input placeholder={t('goods.remark')} maxLength={200} style={{ width: 280 }} />
            </Form.Item>
          </Form>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('menu.goods/stockLog')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            loading={!log}
            dataSource={log ?? []}
            pagination={false}
            columns={[
              { title: t('common.time'), dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
              {
                title: t('stockLog.type'),
                dataIndex: 'type',
                render: (v: string) => t(`stockType.${v}`, { defaultValue: t('common.other') }),
              },
              { title: t('stockLog.change'), dataIndex: 'change' },
              { title: t('stockLog.after'), dataIndex: 'stockAfter' },
              { title: t('goods.remark'), dataIndex: 'remark' },
            ]}
          />
        </>
      )}
    </SpecDialog>
  );
}

type PriceChange = { price: number; originalPrice?: number | null };

/** A spec's price and original price, changed in place (the server re-prices the goods' lowest price). */
export function PriceDialog({ spec, onClose }: { spec: Spec | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PriceChange>();
  const change = async (spec: Spec, v: PriceChange) => {
    try {
      await api.post('admin/goods/spec/update', {
        body: {
          id: spec.id,
          price: toMinor(v.price, spec.currency),
          originalPrice:
            v.originalPrice === null || v.originalPrice === undefined
              ? null
              : toMinor(v.originalPrice, spec.currency),
        },
      });
      message.success(t('goods.priceChanged'));
      onClose(true);
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <SpecDialog spec={spec} action={t('goods.changePrice')} form={form} onClose={onClose}>
      {(spec) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            price: toMajor(spec.price, spec.currency),
            originalPrice: spec.originalPrice === null ? null : toMajor(spec.originalPrice, spec.currency),
          }}
          onFinish={(v) => void change(spec, v)}
        >
          <Form.Item
            name="price"
            label={t('goods.price')}
            rules={[{ required: true, message: t('form.required') }, notNegative(t)]}
          >
            <InputNumber style={{ width: '100%' }} aria-label={t('goods.price')} />
          </Form.Item>
          <Form.Item name="originalPrice" label={t('goods.originalPrice')} rules={[notNegative(t)]}>
            <InputNumber style={{ width: '100%' }} aria-label={t('goods.originalPrice')} />
          </Form.Item>
        </Form>
      )}
    </SpecDialog>
  );
}
