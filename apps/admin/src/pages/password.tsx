import { App, Button, Card, Form, Input } from 'antd';
import { useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api/client';
import type { ApiError } from '../lib/request';

/** Changes the operator's password; the server ends the other sessions, so the operator signs in again. */
export function PasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { mutate: logout } = useLogout();
  const [form] = Form.useForm();
  const onFinish = async (v: { oldPassword: string; newPassword: string }) => {
    try {
      await api.post('admin/base/comm/updatePassword', { body: v });
      message.success(t('password.changed'));
      logout();
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <Card title={t('password.title')} style={{ maxWidth: 480 }}>
      <Form form={form} layout="vertical" onFinish={(v: Parameters<typeof onFinish>[0]) => void onFinish(v)}>
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('form.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          rules={[{ required: true, min: 8, message: t('password.rule') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('form.required') },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('buttons.save')}
        </Button>
      </Form>
    </Card>
  );
}
