import { Form, Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '../../lib/api/client';
import { CrudPage } from '../../shared/crud-page';
import { compactTexts, LocaleTexts } from '../../shared/locale-texts';

type SaleType = ApiData<'post', 'admin/goods/saleType/list'>[number];
type Values = {
  code: string;
  goodsType: 0 | 1;
  canMixOrder: boolean;
  orderNum?: number;
  texts: Record<string, { name?: string; description?: string }>;
};

export function SaleTypeList() {
  const { t } = useTranslation();
  return (
    <CrudPage<SaleType, Values>
      resource="goods/saleType"
      columns={[
        {
          title: t('saleType.code'),
          dataIndex: 'code',
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        { title: t('saleType.name'), dataIndex: 'name' },
        {
          title: t('goods.kind'),
          dataIndex: 'goodsType',
          render: (v: number) => (v === 1 ? t('goods.virtual') : t('goods.physical')),
        },
        {
          title: t('saleType.canMix'),
          dataIndex: 'canMixOrder',
          render: (v: number) => (v ? <Tag color="green">✓</Tag> : <Tag>✗</Tag>),
        },
        { title: t('common.order'), dataIndex: 'orderNum' },
      ]}
      initialValues={{ goodsType: 1, canMixOrder: true, orderNum: 0 }}
      toForm={(r) => ({
        code: r.code,
        goodsType: r.goodsType,
        canMixOrder: r.canMixOrder === 1,
        orderNum: r.orderNum,
        texts: r.texts as Values['texts'],
      })}
      fromForm={(v) => ({
        code: v.code,
        goodsType: v.goodsType,
        canMixOrder: v.canMixOrder ? 1 : 0,
        orderNum: v.orderNum ?? 0,
        texts: compactTexts(v.texts),
      })}
      form={() => (
        <>
          <Form.Item
            name="code"
            label={t('saleType.code')}
            rules={[{ required: true, pattern: /^[a-z0-9_-]{1,32}$/, message: t('saleType.codeRule') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="goodsType" label={t('goods.kind')}>
            <Select
              options={[
                { value: 1, label: t('goods.virtual') },
                { value: 0, label: t('goods.physical') },
              ]}
            />
          </Form.Item>
          <Form.Item name="canMixOrder" label={t('saleType.canMix')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="orderNum" label={t('common.order')}>
            <InputNumber />
          </Form.Item>
          <LocaleTexts
            name="texts"
            fields={[
              { key: 'name', label: t('saleType.name'), required: true, max: 50 },
              { key: 'description', label: t('saleType.description'), max: 200 },
            ]}
          />
        </>
      )}
    />
  );
}
