import { useState } from 'react';
import { App, Alert, Button, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type ApiData } from '../../lib/api/client';
import type { ApiError } from '../../lib/request';

type Issued = ApiData<'post', 'admin/simcard/physical/issue'>['cards'];

/**
 * Physical SIM cards going out (issue 25 defect 11): the operator enters their ICCIDs, with the paid order
 * they ship with (its buyer then binds them by ICCID alone) or none (sold over the counter). The answer is
 * each card's bind code, shown this once, to print with the card; a buyer binds no card the shop did not sell.
 */
export function SimIssueButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ iccids: string; orderId?: number | null }>();
  const close = () => {
    setOpen(false);
    setIssued(null);
    form.resetFields();
  };
  const submit = async (v: { iccids: string; orderId?: number | null }) => {
    const iccids = v.iccids
      .split(/[\n,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    setBusy(true);
    try {
      const res = await api.post('admin/simcard/physical/issue', {
        body: v.orderId ? { iccids, orderId: v.orderId } : { iccids },
      });
      setIssued(res.cards);
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('simIssue.open')}</Button>
      <Modal
        open={open}
        title={t('simIssue.title')}
        onCancel={close}
        footer={
          issued ? (
            <Button type="primary" onClick={close}>
              {t('simIssue.done')}
            </Button>
          ) : (
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {t('simIssue.submit')}
            </Button>
          )
        }
        destroyOnClose
      >
        {issued ? (
          <>
            <Alert type="warning" showIcon message={t('simIssue.printOnce')} style={{ marginBottom: 12 }} />
            <Table
              size="small"
              rowKey="iccid"
              pagination={false}
              dataSource={issued}
              columns={[
                { title: 'ICCID', dataIndex: 'iccid' },
                {
                  title: t('simIssue.code'),
                  dataIndex: 'bindCode',
                  render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
                },
              ]}
            />
          </>
        ) : (
          <Form form={form} layout="vertical" onFinish={(v: Parameters<typeof submit>[0]) => void submit(v)}>
            <Form.Item
              name="iccids"
              label={t('simIssue.iccids')}
              extra={t('simIssue.iccidsHelp')}
              rules={[{ required: true, whitespace: true, message: t('form.required') }]}
            >
              <Input.TextArea rows={5} />
            </Form.Item>
            <Form.Item name="orderId" label={t('simIssue.orderId')} extra={t('simIssue.orderIdHelp')}>
              <InputNumber min={1} precision={0} style={{ width: 200 }} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
