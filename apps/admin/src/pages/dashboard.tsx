import { useCustom } from '@refinedev/core';
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  type PieLabelRenderProps,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { currencyName, money, monthDay, toMajor, toMinor } from '../lib/format';
import type { DashboardSummary } from '../shared/summary';

const COLORS = ['#e4393c', '#1677ff', '#52c41a', '#faad14', '#722ed1', '#13c2c2', '#eb2f96'];

export function DashboardPage() {
  const { t } = useTranslation();
  const { query, result } = useCustom<DashboardSummary>({ url: 'admin/dashboard/summary', method: 'get' });
  if (query.isLoading) return <Skeleton active />;
  if (query.isError || !result?.data)
    return (
      <Alert type="error" showIcon message={(query.error as Error | null)?.message ?? t('errors.server')} />
    );
  const s = result.data;
  const days = s.days.map((d) => ({
    ...d,
    revenueMajor: toMajor(d.revenue, s.currency),
    day: monthDay(d.day),
  }));
  const channels = s.paymentsByChannel.map((c) => ({
    ...c,
    name: t(`payWay.${c.channel}`, { defaultValue: t('common.other') }),
    amountMajor: toMajor(c.amount, s.currency),
  }));
  const tile = (title: string, value: number | string, to?: string, danger = false) => (
    <Col flex="1 1 150px">
      <Card size="small" style={{ height: '100%' }}>
        <Statistic
          title={to ? <Link to={to}>{title}</Link> : title}
          value={value}
          valueStyle={danger && Number(value) > 0 ? { color: '#cf1322' } : undefined}
        />
      </Card>
    </Col>
  );
  return (
    <div>
      <Typography.Title level={3}>{t('dashboard.title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {tile(t('dashboard.todayOrders'), s.today.orders, '/orders')}
        {tile(t('dashboard.todayRevenue'), money(s.today.revenue, s.currency))}
        {tile(
          t('dashboard.pendingRefunds'),
          s.pendingRefunds,
          '/orders?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=5',
          true,
        )}
        {tile(t('dashboard.pendingTransfers'), s.pendingTransfers, '/transfers', true)}
        {tile(t('dashboard.deliveryFailures'), s.deliveryFailures, '/deliveries', true)}
        {tile(t('dashboard.openChats'), s.openChats, '/chat')}
        {tile(t('dashboard.pendingRealName'), s.pendingRealName, '/real-name', true)}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <Card title={t('dashboard.last14Days')} size="small">
            <ResponsiveContainer width="100%" height={280}>
              <LineChart data={days} margin={{ top: 8, right: 24, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis yAxisId="orders" allowDecimals={false} />
                <YAxis yAxisId="revenue" orientation="right" />
                <Tooltip />
                <Legend />
                <Line
                  isAnimationActive={false}
                  yAxisId="orders"
                  type="monotone"
                  dataKey="orders"
                  name={t('dashboard.orders')}
                  stroke="#1677ff"
                />
                <Line
                  isAnimationActive={false}
                  yAxisId="revenue"
                  type="monotone"
                  dataKey="revenueMajor"
                  name={`${t('dashboard.revenue')} (${currencyName(s.currency)})`}
                  stroke="#e4393c"
                />
              </LineChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('dashboard.paymentsByChannel')} size="small">
            {channels.length === 0 ? (
              <Typography.Text type="secondary">{t('dashboard.noPayments')}</Typography.Text>
            ) : (
              <ResponsiveContainer width="100%" height={280}>
                <PieChart>
                  <Pie
                    isAnimationActive={false}
                    data={channels}
                    dataKey="amountMajor"
                    nameKey="name"
                    outerRadius={90}
                    label={(p: PieLabelRenderProps) => (
                      <text
                        x={Number(p.x)}
                        y={Number(p.y)}
                        textAnchor={p.textAnchor}
                        fill={p.fill}
                        dominantBaseline="central"
                      >
                        {money((p.payload as { amount?: number } | undefined)?.amount ?? 0, s.currency)}
                      </text>
                    )}
                  >
                    {channels.map((c, i) => (
                      <Cell key={c.channel} fill={COLORS[i % COLORS.length]} />
                    ))}
                  </Pie>
                  <Tooltip formatter={(v) => money(toMinor(Number(v), s.currency), s.currency)} />
                  <Legend />
                </PieChart>
              </ResponsiveContainer>
            )}
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <Card title={t('dashboard.ordersByChannel')} size="small">
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={channels}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Bar
                  isAnimationActive={false}
                  dataKey="count"
                  name={t('dashboard.payments')}
                  fill="#1677ff"
                />
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('dashboard.stockAlerts')} size="small">
            <Table
              size="small"
              rowKey="specId"
              pagination={false}
              dataSource={s.stockAlerts}
              columns={[
                {
                  title: t('goods.title'),
                  dataIndex: 'goodsName',
                  render: (v: string, r) => <Link to={`/goods/edit/${r.goodsId}`}>{v}</Link>,
                },
                { title: t('goods.spec'), dataIndex: 'specName' },
                {
                  title: t('goods.stock'),
                  dataIndex: 'stock',
                  render: (v: number) => <Typography.Text type="danger">{v}</Typography.Text>,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
