import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, InputNumber, Space, Tag, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime } from '../../lib/format';
import type { ApiError } from '../../lib/request';

type Rule = { markupPercent: number; fxRate: number };
const PRICING = ['partner-pricing'];

/**
 * The markup and FX rate the catalogue sync prices with: the configured defaults until an operator saves
 * others (audited); the next sync reprices with them. Reset goes back to the defaults.
 */
function PricingCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Rule>();
  const [busy, setBusy] = useState(false);
  const pricing = useQuery({ queryKey: PRICING, queryFn: () => api.get('admin/simcard/pricing/info') });
  const p = pricing.data;
  useEffect(() => {
    if (p) form.setFieldsValue({ markupPercent: p.markupPercent, fxRate: p.fxRate });
  }, [p, form]);
  const save = async (fn: () => Promise<ApiData<'get', 'admin/simcard/pricing/info'>>, done: string) => {
    setBusy(true);
    try {
      client.setQueryData(PRICING, await fn());
      message.success(done);
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  if (pricing.isError) return <Alert type="error" showIcon message={(pricing.error as ApiError).message} />;
  return (
    <Card
      title={t('planSync.pricing')}
      loading={pricing.isLoading}
      style={{ maxWidth: 640 }}
      extra={
        p ? (
          <Tag color={p.source === 'operator' ? 'blue' : 'default'}>{t(`planSync.source.${p.source}`)}</Tag>
        ) : null
      }
    >
      <Typography.Paragraph>{t('planSync.pricingExplain')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) =>
          void save(() => api.post('admin/simcard/pricing/update', { body: v }), t('planSync.pricingSaved'))
        }
      >
        <Form.Item
          name="markupPercent"
          label={t('planSync.markup')}
          rules={[{ required: true, type: 'number', min: 0, max: 1000 }]}
        >
          <InputNumber aria-label={t('planSync.markup')} min={0} max={1000} step={1} addonAfter="%" />
        </Form.Item>
        <Form.Item
          name="fxRate"
          label={t('planSync.fxRate')}
          rules={[{ required: true, type: 'number', min: 0.000001, max: 100_000 }]}
        >
          <InputNumber aria-label={t('planSync.fxRate')} min={0.000001} max={100_000} step={0.01} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('buttons.save')}
          </Button>
          {p?.source === 'operator' && (
            <Button
              disabled={busy}
              onClick={() =>
                void save(
                  () => api.post('admin/simcard/pricing/reset', { body: {} }),
                  t('planSync.pricingReset'),
                )
              }
            >
              {t('planSync.reset')}
            </Button>
          )}
        </Space>
      </Form>
      {p && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('planSync.defaults', p.defaults)}
          {p.updatedAt ? ` · ${t('planSync.savedAt', { at: dateTime(p.updatedAt) })}` : ''}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** Pulls the plan partner's catalogue into the shop's plans (priced with the rule above). */
export function PlanSync() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ApiData<'post', 'admin/simcard/catalogue/sync'> | null>(null);
  const sync = async () => {
    setBusy(true);
    try {
      setResult(await api.post('admin/simcard/catalogue/sync'));
      message.success(t('planSync.done'));
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('menu.simcard/catalogue')} style={{ maxWidth: 640 }}>
        <Typography.Paragraph>{t('planSync.explain')}</Typography.Paragraph>
        <Button type="primary" icon={<SyncOutlined />} loading={busy} onClick={() => void sync()}>
          {t('planSync.run')}
        </Button>
        {result && (
          <Descriptions bordered size="small" column={3} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('planSync.created')}>{result.created}</Descriptions.Item>
            <Descriptions.Item label={t('planSync.updated')}>{result.updated}</Descriptions.Item>
            <Descriptions.Item label={t('planSync.unavailable')}>{result.unavailable}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <PricingCard />
    </Space>
  );
}
