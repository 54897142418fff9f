import { useState } from 'react';
import { App, Button, List, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type ApiData } from '../../lib/api/client';
import type { ApiError } from '../../lib/request';

type Opened = ApiData<'post', 'admin/simcard/activation/info'>;

/**
 * An eSIM's activation code, masked in the deliveries list (issue 27): "Open" asks the server, which answers
 * order operators only and writes the opening to the audit log; the codes show in a dialog, gone when it
 * closes.
 */
export function ActivationCell({ deliveryId }: { deliveryId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      setOpened(await api.post('admin/simcard/activation/info', { body: { deliveryId } }));
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size="small">
      <Typography.Text type="secondary">{t('deliveries.activationMasked')}</Typography.Text>
      <Button size="small" loading={busy} onClick={() => void open()}>
        {t('deliveries.activationOpen')}
      </Button>
      <Modal
        open={opened !== null}
        title={t('deliveries.activationTitle', { id: deliveryId })}
        footer={null}
        onCancel={() => setOpened(null)}
        destroyOnHidden
      >
        <List
          dataSource={opened?.cards ?? []}
          rowKey="iccid"
          renderItem={(c) => (
            <List.Item>
              <Space direction="vertical" size={2}>
                <Typography.Text strong>
                  ICCID {c.iccid} {c.held && <Tag color="red">{t('deliveries.activationHeld')}</Tag>}
                </Typography.Text>
                {c.activation ? (
                  <Typography.Text code copyable>
                    {c.activation.activationCode}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('deliveries.activationGone')}</Typography.Text>
                )}
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    </Space>
  );
}
