// The console's menu: every Refine resource with its area (the permission that shows it) and its pages.
import type { ResourceProps } from '@refinedev/core';
import {
  AuditOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Area } from '../lib/access';

/** The menu in the current language (labels are translated here: Refine shows `meta.label` as it is). */
export function buildResources(t: (key: string) => string): ResourceProps[] {
  const group = (name: string, area: Area, icon: React.ReactNode): ResourceProps => ({
    name,
    meta: { label: t(`menu.${name}`), icon, area },
  });
  const item = (
    name: string,
    parent: string,
    area: Area,
    list: string,
    more: Partial<ResourceProps> = {},
  ) => ({
    name,
    list,
    ...more,
    meta: { label: t(`menu.${name}`), parent, area },
  });
  return [
    {
      name: 'dashboard',
      list: '/',
      meta: { label: t('menu.dashboard'), icon: <DashboardOutlined />, area: 'dashboard' },
    },
    group('catalogue', 'catalogue', <ShopOutlined />),
    item('goods/info', 'catalogue', 'catalogue', '/goods', {
      create: '/goods/create',
      edit: '/goods/edit/:id',
    }),
    item('goods/stockLog', 'catalogue', 'catalogue', '/stock-log'),
    item('goods/saleType', 'catalogue', 'catalogue', '/sale-types'),
    item('market/banner', 'catalogue', 'catalogue', '/banners'),
    item('goods/searchKeyword', 'catalogue', 'catalogue', '/keywords'),
    item('market/coupon', 'catalogue', 'catalogue', '/coupons'),
    item('simcard/catalogue', 'catalogue', 'catalogue', '/plan-sync'),
    group('orders', 'orders', <ShoppingCartOutlined />),
    item('order/info', 'orders', 'orders', '/orders', { show: '/orders/show/:id' }),
    item('order/transfer', 'orders', 'finance', '/transfers'),
    item('payment/info', 'orders', 'finance', '/payments'),
    item('simcard/delivery', 'orders', 'orders', '/deliveries'),
    item('invoice/info', 'orders', 'finance', '/invoices'),
    group('customers', 'customers', <UserOutlined />),
    item('user/info', 'customers', 'customers', '/customers'),
    item('user/realName', 'customers', 'customers', '/real-name'),
    item('company/info', 'customers', 'customers', '/companies'),
    group('care', 'care', <CustomerServiceOutlined />),
    item('cs/session', 'care', 'care', '/chat'),
    item('app/complain', 'care', 'care', '/complaints'),
    item('app/feedback', 'care', 'care', '/feedback'),
    group('content', 'content', <FileTextOutlined />),
    item('app/version', 'content', 'content', '/versions'),
    item('app/agreement', 'content', 'content', '/agreements'),
    item('dict/info', 'content', 'content', '/dictionaries'),
    {
      name: 'audit',
      list: '/audit',
      meta: { label: t('menu.audit'), icon: <AuditOutlined />, area: 'audit' },
    },
    {
      name: 'base/sys/admin',
      list: '/operators',
      meta: { label: t('menu.base/sys/admin'), icon: <TeamOutlined />, area: 'operators' },
    },
  ];
}
