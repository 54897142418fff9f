import { useState } from 'react';
import { App, Button, Card, Form, Modal, Popconfirm, Space, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api/client';
import { money } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { SpecFields } from './goods-fields';
import { specOut, type GoodsInfo, type Spec, type SpecValues } from './goods-form';
import { PriceDialog, StockDialog } from './goods-spec-dialogs';

/** The specs of saved goods: visibility, price, stock and deletion in place, and adding a spec. */
export function SpecsCard({ goods, onChanged }: { goods: GoodsInfo; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = goods.specs[0]?.currency ?? 'TWD';
  const [stockOf, setStockOf] = useState<Spec | null>(null);
  const [priceOf, setPriceOf] = useState<Spec | null>(null);
  const [adding, setAdding] = useState(false);
  const [addForm] = Form.useForm<SpecValues>();
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      message.success(t('common.saved'));
      onChanged();
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <Card
      size="small"
      title={t('goods.specs')}
      extra={<Button onClick={() => setAdding(true)}>{t('goods.addSpec')}</Button>}
      style={{ marginTop: 16 }}
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={goods.specs}
        columns={[
          { title: t('goods.specName'), dataIndex: 'name' },
          {
            title: t('goods.sku'),
            dataIndex: 'sku',
            render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : null),
          },
          {
            title: t('goods.price'),
            dataIndex: 'price',
            align: 'right',
            render: (v: number, r) => money(v, r.currency),
          },
          { title: t('goods.stock'), dataIndex: 'stock', align: 'right' },
          {
            title: t('goods.visible'),
            dataIndex: 'status',
            render: (v: number, r) => (
              <Switch
                size="small"
                checked={v === 1}
                onChange={(on) =>
                  void run(() =>
                    api.post('admin/goods/spec/update', { body: { id: r.id, status: on ? 1 : 0 } }),
                  )
                }
              />
            ),
          },
          {
            title: t('table.actions'),
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setPriceOf(r)}>
                  {t('goods.changePrice')}
                </Button>
                <Button size="small" onClick={() => setStockOf(r)}>
                  {t('goods.changeStock')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm', { count: 1 })}
                  okText={t('buttons.confirm')}
                  cancelText={t('buttons.cancel')}
                  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd awaits it (spinner on OK)
                  onConfirm={() => run(() => api.post('admin/goods/spec/delete', { body: { ids: [r.id] } }))}
                >
                  <Button size="small" danger>
                    {t('buttons.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <PriceDialog
        spec={priceOf}
        onClose={(changed) => {
          setPriceOf(null);
          if (changed) onChanged();
        }}
      />
      <StockDialog
        spec={stockOf}
        onClose={(changed) => {
          setStockOf(null);
          if (changed) onChanged();
        }}
      />
      <Modal
        open={adding}
        width={900}
        title={t('goods.addSpec')}
        okText={t('buttons.save')}
        cancelText={t('buttons.cancel')}
        onCancel={() => setAdding(false)}
        onOk={() => addForm.submit()}
      >
        <Form
          form={addForm}
          layout="vertical"
          onFinish={(v) =>
            void run(async () => {
              await api.post('admin/goods/spec/add', {
                body: { goodsId: goods.id, ...specOut(v, currency) },
              });
              setAdding(false);
              addForm.resetFields();
            })
          }
        >
          <SpecFields withStock />
        </Form>
      </Modal>
    </Card>
  );
}
