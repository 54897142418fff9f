import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Layout, Space, Tag, Typography } from 'antd';
import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Person } from '../lib/access';
import { LanguageSelect } from '../shared/language-select';

export function AppHeader() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Person>();
  const { mutate: logout } = useLogout();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        padding: '0 24px',
        height: 56,
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Space size="middle">
        <LanguageSelect />
        {me && (
          <Space size={4}>
            <Typography.Text strong>{me.name}</Typography.Text>
            <Tag>{t(`roles.${me.role}`, { defaultValue: t('common.other') })}</Tag>
          </Space>
        )}
        <Link to="/password">
          <Button size="small" icon={<KeyOutlined />}>
            {t('password.title')}
          </Button>
        </Link>
        <Button size="small" icon={<LogoutOutlined />} onClick={() => logout()}>
          {t('buttons.logout')}
        </Button>
      </Space>
    </Layout.Header>
  );
}
