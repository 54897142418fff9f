import { DatePicker, Form, InputNumber, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { ApiData } from '../../lib/api/client';
import { dateTime, money, toMinor } from '../../lib/format';
import { CrudPage } from '../../shared/crud-page';
import { useCurrency } from '../../shared/summary';
import { compactTexts, LocaleTexts } from '../../shared/locale-texts';

type Coupon = ApiData<'post', 'admin/market/coupon/page'>['list'][number];
type Values = {
  texts: Record<string, { title?: string; description?: string }>;
  kind: Coupon['kind'];
  amount?: number;
  percent?: number;
  maxDiscount?: number;
  minAmount?: number;
  scope: Coupon['scope'];
  goodsIds?: number[];
  window: [Dayjs, Dayjs];
  perUserLimit?: number;
  total: number;
  status: boolean;
};

export function CouponList() {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (
    <CrudPage<Coupon, Values>
      resource="market/coupon"
      modalWidth={820}
      columns={[
        { title: t('coupon.title'), dataIndex: 'title' },
        {
          title: t('coupon.discount'),
          key: 'discount',
          render: (_, r) => (r.kind === 'percent' ? `${r.percent}%` : money(r.amount, r.currency)),
        },
        {
          title: t('coupon.minAmount'),
          dataIndex: 'minAmount',
          render: (v: number, r) => money(v, r.currency),
        },
        {
          title: t('coupon.window'),
          key: 'window',
          render: (_, r) => `${dateTime(r.startsAt)} – ${dateTime(r.endsAt)}`,
        },
        {
          title: t('coupon.usage'),
          key: 'usage',
          render: (_, r) => `${r.usedCount} / ${r.receivedCount} / ${r.total}`,
        },
        {
          title: t('common.status'),
          dataIndex: 'status',
          render: (v: number) =>
            v ? <Tag color="green">{t('common.on')}</Tag> : <Tag>{t('common.off')}</Tag>,
        },
      ]}
      initialValues={{
        kind: 'amount',
        scope: 'all',
        status: true,
        perUserLimit: 1,
        total: 100,
        minAmount: 0,
      }}
      toForm={(r) => ({
        texts: r.texts,
        kind: r.kind,
        scope: r.scope,
        window: [dayjs(r.startsAt), dayjs(r.endsAt)],
        perUserLimit: r.perUserLimit,
        total: r.total,
        status: r.status === 1,
      })}
      fromForm={(v, record) =>
        record
          ? {
              texts: compactTexts(v.texts),
              status: v.status ? 1 : 0,
              endsAt: v.window[1].toISOString(),
              perUserLimit: v.perUserLimit ?? 1,
              total: v.total,
            }
          : {
              texts: compactTexts(v.texts),
              kind: v.kind,
              amount: v.kind === 'amount' && v.amount ? toMinor(v.amount, currency) : null,
              percent: v.kind === 'percent' ? (v.percent ?? null) : null,
              maxDiscount: v.maxDiscount ? toMinor(v.maxDiscount, currency) : null,
              minAmount: toMinor(v.minAmount ?? 0, currency),
              scope: v.scope,
              goodsIds: v.scope === 'goods' ? (v.goodsIds ?? []) : [],
              startsAt: v.window[0].toISOString(),
              endsAt: v.window[1].toISOString(),
              perUserLimit: v.perUserLimit ?? 1,
              total: v.total,
              status: v.status ? 1 : 0,
            }
      }
      form={(form, record) => (
        <>
          <LocaleTexts
            name="texts"
            fields={[
              { key: 'title', label: t('coupon.title'), required: true, max: 60 },
              { key: 'description', label: t('coupon.description'), max: 300 },
            ]}
          />
          <Form.Item name="kind" label={t('coupon.kind')}>
            <Select
              disabled={!!record}
              options={[
                { value: 'amount', label: t('coupon.kindAmount') },
                { value: 'percent', label: t('coupon.kindPercent') },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.kind !== b.kind}>
            {() =>
              form.getFieldValue('kind') === 'percent' ? (
                <>
                  <Form.Item name="percent" label={t('coupon.percent')}>
                    <InputNumber min={1} max={99} disabled={!!record} />
                  </Form.Item>
                  <Form.Item name="maxDiscount" label={t('coupon.maxDiscount')}>
                    <InputNumber min={0} disabled={!!record} />
                  </Form.Item>
                </>
              ) : (
                <Form.Item name="amount" label={t('coupon.amount')}>
                  <InputNumber min={0} disabled={!!record} />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="minAmount" label={t('coupon.minAmount')}>
            <InputNumber min={0} disabled={!!record} />
          </Form.Item>
          <Form.Item name="scope" label={t('coupon.scope')}>
            <Select
              disabled={!!record}
              options={['all', 'goods', 'type'].map((s) => ({ value: s, label: t(`coupon.scopes.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="goodsIds" label={t('coupon.goodsIds')}>
            <Select mode="tags" disabled={!!record} />
          </Form.Item>
          <Form.Item
            name="window"
            label={t('coupon.window')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <DatePicker.RangePicker showTime />
          </Form.Item>
          <Form.Item name="perUserLimit" label={t('coupon.perUser')}>
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item
            name="total"
            label={t('coupon.total')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item name="status" label={t('common.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    />
  );
}
