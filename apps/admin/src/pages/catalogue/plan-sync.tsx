import { useState } from 'react';
import { App, Button, Card, Descriptions, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, type ApiData } from '../../lib/api/client';
import type { ApiError } from '../../lib/request';

/** Pulls the plan partner's catalogue into the shop's plans (prices with the configured markup). */
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
  );
}
