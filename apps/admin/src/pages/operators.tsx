import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '../lib/api/client';
import { dateTime } from '../lib/format';
import { request, type ApiError } from '../lib/request';
import { CrudPage } from '../shared/crud-page';

export const ROLES = ['owner', 'catalogue', 'orders', 'support', 'finance'] as const;
type Operator = ApiData<'post', 'admin/base/sys/admin/page'>['list'][number];
type Values = { username?: string; name: string; role: string; password?: string };

/** Operators (owners only): add, rename, change role, disable, reset a password. */
export function OperatorList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [resetting, setResetting] = useState<Operator | null>(null);
  const [password, setPassword] = useState('');
  const call = async (url: string, data: unknown, done: string) => {
    try {
      await request({ url, method: 'POST', data });
      message.success(done);
      void invalidate({ resource: 'base/sys/admin', invalidates: ['list'] });
      return true;
    } catch (err) {
      message.error((err as ApiError).message);
      return false;
    }
  };
  const resetPassword = async () => {
    if (
      resetting &&
      (await call('admin/base/sys/admin/resetPassword', { id: resetting.id, password }, t('common.saved')))
    ) {
      setResetting(null);
      setPassword('');
    }
  };
  return (
    <>
      <CrudPage<Operator, Values>
        resource="base/sys/admin"
        canDelete={false}
        columns={[
          {
            title: t('operators.username'),
            dataIndex: 'username',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: t('operators.name'), dataIndex: 'name' },
          {
            title: t('operators.role'),
            dataIndex: 'role',
            render: (v: string) => <Tag>{t(`roles.${v}`, { defaultValue: t('common.other') })}</Tag>,
          },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (v: number) =>
              v ? (
                <Tag color="green">{t('customers.enabled')}</Tag>
              ) : (
                <Tag color="red">{t('customers.disabled')}</Tag>
              ),
          },
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
        ]}
        initialValues={{ role: 'orders' }}
        toForm={(r) => ({ name: r.name, role: r.role })}
        fromForm={(v, record) =>
          record
            ? { name: v.name.trim(), role: v.role }
            : { username: v.username?.trim(), name: v.name.trim(), role: v.role, password: v.password }
        }
        rowActions={(r) => (
          <>
            <Popconfirm
              title={r.status ? t('operators.disableConfirm') : t('operators.enableConfirm')}
              okText={t('buttons.confirm')}
              cancelText={t('buttons.cancel')}
              // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd awaits it (spinner on OK)
              onConfirm={() =>
                call(
                  'admin/base/sys/admin/setStatus',
                  { id: r.id, status: r.status ? 0 : 1 },
                  t('common.saved'),
                )
              }
            >
              <Button size="small" danger={!!r.status}>
                {r.status ? t('customers.disable') : t('customers.enable')}
              </Button>
            </Popconfirm>
            <Button size="small" onClick={() => setResetting(r)}>
              {t('operators.resetPassword')}
            </Button>
          </>
        )}
        form={(_, record) => (
          <>
            {!record && (
              <Form.Item
                name="username"
                label={t('operators.username')}
                rules={[{ required: true, message: t('form.required') }]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            )}
            <Form.Item
              name="name"
              label={t('operators.name')}
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="role" label={t('operators.role')}>
              <Select options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
            </Form.Item>
            {!record && (
              <Form.Item
                name="password"
                label={t('login.password')}
                rules={[{ required: true, min: 8, message: t('password.rule') }]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
          </>
        )}
      />
      <Modal
        open={!!resetting}
        title={`${t('operators.resetPassword')} · ${resetting?.username ?? ''}`}
        okText={t('buttons.save')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: password.length < 8 }}
        onCancel={() => setResetting(null)}
        onOk={() => void resetPassword()}
      >
        <Input.Password
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={t('password.rule')}
          autoComplete="new-password"
        />
      </Modal>
    </>
  );
}
