import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Layout, Select, Space, Tag, Typography } from 'antd';
import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALES, type Locale } from '@simshop/contracts';
import type { Person } from '../lib/access';
import { changeLanguage, LANGUAGE_NAMES } from '../lib/i18n';

export function LanguageSelect() {
  const { i18n } = useTranslation();
  return (
    <Select
      aria-label="language"
      size="small"
      style={{ width: 120 }}
      value={i18n.language as Locale}
      onChange={(l: Locale) => void changeLanguage(l)}
      options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
    />
  );
}

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
            <Tag>{t(`roles.${me.role}`, { defaultValue: me.role })}</Tag>
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
