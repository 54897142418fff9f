import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { downloadFile } from '../../shared/download';
import { DocumentCard } from './invoice-documents';
import { PROBLEMS, useInvoiceRetry } from './invoice-retry';

type Problem = ApiData<'get', 'admin/invoice/info/problems'>['list'][number];
type Track = ApiData<'get', 'admin/invoice/track/list'>['list'][number];
type Blank = ApiData<'get', 'admin/invoice/track/blanks'>['list'][number];
type TrackForm = { period: string; prefix: string; start: number; end: number };
type DrawForm = { period: string; special: string; grand: string; first: string; extraSixth?: string };
type Winner = ApiData<'post', 'admin/invoice/track/draw'>['winners'][number];

const REGISTRATION_COLOR: Record<Track['registration'], string> = {
  manual: 'default',
  pending: 'gold',
  registered: 'green',
  failed: 'red',
};

const TRACKS = ['invoice-tracks'];
const BLANKS = ['invoice-blanks'];

/** Invoices that are late, failed or rejected (and voids/allowances that failed), each with a retry. */
function ProblemCard() {
  const { t } = useTranslation();
  const problems = useQuery({ queryKey: PROBLEMS, queryFn: () => api.get('admin/invoice/info/problems') });
  const retry = useInvoiceRetry();
  if (problems.isError) return <Alert type="error" showIcon message={(problems.error as ApiError).message} />;
  return (
    <Card title={t('invoices.problems')}>
      <Table<Problem>
        rowKey={(r) => `${r.kind}-${r.id}`}
        size="middle"
        loading={problems.isLoading}
        dataSource={problems.data?.list ?? []}
        locale={{ emptyText: t('invoices.noProblems') }}
        pagination={false}
      >
        <Table.Column<Problem>
          dataIndex="orderId"
          title={t('orders.order')}
          render={(v: number, r) => <Link to={`/orders/show/${v}`}>{r.orderNo}</Link>}
        />
        <Table.Column<Problem>
          dataIndex="kind"
          title={t('invoices.kind')}
          render={(k: string) => t(`invoices.kinds.${k}`)}
        />
        <Table.Column<Problem> dataIndex="category" title={t('invoices.category')} />
        <Table.Column<Problem>
          dataIndex="state"
          title={t('invoices.state')}
          render={(s: string, r) => (
            <Space size={4}>
              <Tag color={s === 'pending' ? 'gold' : 'red'}>{t(`invoices.states.${s}`)}</Tag>
              {r.late && <Tag color="red">{t('invoices.late')}</Tag>}
            </Space>
          )}
        />
        <Table.Column<Problem>
          dataIndex="number"
          title={t('invoices.number')}
          render={(v: string | null) => v ?? '—'}
        />
        <Table.Column<Problem>
          dataIndex="amount"
          title={t('invoices.amount')}
          render={(v: number) => `NT$${v}`}
        />
        <Table.Column<Problem>
          dataIndex="deadline"
          title={t('invoices.deadline')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Problem>
          dataIndex="lastError"
          title={t('invoices.lastError')}
          render={(v: string | null) => <Typography.Text type="danger">{v ?? ''}</Typography.Text>}
        />
        <Table.Column<Problem>
          title={t('table.actions')}
          render={(_, r) => (
            <Button size="small" onClick={() => void retry(r.id, r.kind)}>
              {t('invoices.retry')}
            </Button>
          )}
        />
      </Table>
    </Card>
  );
}

/**
 * Number tracks (字軌) per two-month period: the list, what is left, how each stands with ezPay (registered
 * through its API as it is loaded, or by hand without ezPay's member keys) with a retry, and the load form.
 */
function TrackCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<TrackForm>();
  const [busy, setBusy] = useState(false);
  const tracks = useQuery({ queryKey: TRACKS, queryFn: () => api.get('admin/invoice/track/list') });
  const blanks = useQuery({ queryKey: BLANKS, queryFn: () => api.get('admin/invoice/track/blanks') });
  /** Says how a track stands with ezPay after a load or a registration. */
  const tell = (tr: Track) => {
    if (tr.registration === 'registered') message.success(t('invoices.trackRegistered'));
    else if (tr.registration === 'failed')
      message.warning(t('invoices.trackNotRegistered', { reason: tr.registrationError ?? '' }));
    else message.success(t('invoices.trackAdded'));
  };
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: TRACKS });
    await client.invalidateQueries({ queryKey: PROBLEMS });
  };
  const add = async (v: TrackForm) => {
    setBusy(true);
    try {
      tell(await api.post('admin/invoice/track/add', { body: v }));
      form.resetFields();
      await refresh();
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const register = async (tr: Track) => {
    try {
      tell(await api.post('admin/invoice/track/register', { body: { id: tr.id } }));
    } catch (err) {
      message.error((err as ApiError).message);
    }
    await refresh();
  };
  const autoRegister = tracks.data?.autoRegister ?? true;
  // one E0402 message per ended period and prefix (all of its blank ranges), for a Turnkey upload
  const fileBlanks = async (b: Blank) => {
    try {
      await downloadFile(
        'admin/invoice/track/blanks/e0402',
        { period: b.period, prefix: b.prefix },
        `E0402_${b.period}_${b.prefix}.xml`,
      );
    } catch (err) {
      message.error(err instanceof Error ? err.message : String(err));
    }
  };
  const range = (prefix: string, a: number, b: number) =>
    `${prefix}${String(a).padStart(8, '0')} – ${prefix}${String(b).padStart(8, '0')}`;
  return (
    <Card title={t('invoices.tracks')}>
      <Typography.Paragraph>{t('invoices.tracksExplain')}</Typography.Paragraph>
      {!autoRegister && (
        <Alert type="warning" showIcon message={t('invoices.byHand')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="inline" onFinish={(v) => void add(v)} style={{ marginBottom: 16 }}>
        <Form.Item
          name="period"
          label={t('invoices.period')}
          rules={[{ required: true, pattern: /^\d{4}(0[13579]|11)$/ }]}
        >
          <Input aria-label={t('invoices.period')} placeholder="202611" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item
          name="prefix"
          label={t('invoices.prefix')}
          rules={[{ required: true, pattern: /^[A-Za-z]{2}$/ }]}
        >
          <Input aria-label={t('invoices.prefix')} placeholder="AB" style={{ width: 70 }} />
        </Form.Item>
        <Form.Item
          name="start"
          label={t('invoices.start')}
          rules={[{ required: true, type: 'number', min: 0 }]}
        >
          <InputNumber aria-label={t('invoices.start')} min={0} max={99_999_999} precision={0} />
        </Form.Item>
        <Form.Item name="end" label={t('invoices.end')} rules={[{ required: true, type: 'number', min: 0 }]}>
          <InputNumber aria-label={t('invoices.end')} min={0} max={99_999_999} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('invoices.addTrack')}
        </Button>
      </Form>
      <Table<Track>
        rowKey="id"
        size="small"
        loading={tracks.isLoading}
        dataSource={tracks.data?.list ?? []}
        pagination={false}
      >
        <Table.Column<Track> dataIndex="period" title={t('invoices.period')} />
        <Table.Column<Track> title={t('invoices.range')} render={(_, r) => range(r.prefix, r.start, r.end)} />
        <Table.Column<Track>
          dataIndex="left"
          title={t('invoices.left')}
          render={(v: number) => <Tag color={v === 0 ? 'red' : v < 50 ? 'gold' : 'green'}>{v}</Tag>}
        />
        <Table.Column<Track> dataIndex="recorded" title={t('invoices.recorded')} />
        <Table.Column<Track>
          dataIndex="skipped"
          title={t('invoices.skipped')}
          render={(v: number) => (v > 0 ? <Tag color="orange">{v}</Tag> : v)}
        />
        <Table.Column<Track>
          dataIndex="registration"
          title={t('invoices.registration')}
          render={(_, r) => (
            <Space direction="vertical" size={2}>
              <Space size={4}>
                <Tag color={REGISTRATION_COLOR[r.registration]}>
                  {t(`invoices.registrations.${r.registration}`)}
                </Tag>
                {r.providerState && <span>{t(`invoices.providerStates.${r.providerState}`)}</span>}
              </Space>
              {r.registrationError && <Typography.Text type="danger">{r.registrationError}</Typography.Text>}
              {autoRegister && r.registration !== 'registered' && (
                <Button size="small" onClick={() => void register(r)}>
                  {t(r.registration === 'manual' ? 'invoices.registerNow' : 'invoices.registerAgain')}
                </Button>
              )}
            </Space>
          )}
        />
      </Table>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('invoices.blanks')}
      </Typography.Title>
      <Table<Blank>
        rowKey={(r) => `${r.period}-${r.prefix}-${r.start}`}
        size="small"
        loading={blanks.isLoading}
        dataSource={blanks.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('invoices.noBlanks') }}
      >
        <Table.Column<Blank> dataIndex="period" title={t('invoices.period')} />
        <Table.Column<Blank> title={t('invoices.range')} render={(_, r) => range(r.prefix, r.start, r.end)} />
        <Table.Column<Blank>
          title="E0402"
          render={(_, r) => (
            <Button size="small" onClick={() => void fileBlanks(r)}>
              {t('invoices.fileE0402')}
            </Button>
          )}
        />
      </Table>
    </Card>
  );
}

const numbers = (s: string | undefined) =>
  (s ?? '')
    .split(/[\s,，]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** The winning-invoice check of a bimonthly draw: the published numbers in, the member-carrier winners out. */
function DrawCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ApiData<'post', 'admin/invoice/track/draw'> | null>(null);
  const check = async (v: DrawForm) => {
    setBusy(true);
    try {
      const body = { ...v, first: numbers(v.first), extraSixth: numbers(v.extraSixth) };
      setResult(await api.post('admin/invoice/track/draw', { body }));
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const eight = { required: true, pattern: /^\d{8}$/ };
  return (
    <Card title={t('invoices.draw')}>
      <Typography.Paragraph>{t('invoices.drawExplain')}</Typography.Paragraph>
      <Form<DrawForm> layout="inline" onFinish={(v) => void check(v)} style={{ marginBottom: 16 }}>
        <Form.Item
          name="period"
          label={t('invoices.period')}
          rules={[{ required: true, pattern: /^\d{4}(0[13579]|11)$/ }]}
        >
          <Input aria-label={t('invoices.period')} placeholder="202609" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="special" label={t('invoices.special')} rules={[eight]}>
          <Input aria-label={t('invoices.special')} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="grand" label={t('invoices.grand')} rules={[eight]}>
          <Input aria-label={t('invoices.grand')} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="first" label={t('invoices.first')} rules={[{ required: true }]}>
          <Input
            aria-label={t('invoices.first')}
            placeholder="12345678, 23456789, 34567890"
            style={{ width: 280 }}
          />
        </Form.Item>
        <Form.Item name="extraSixth" label={t('invoices.extraSixth')}>
          <Input aria-label={t('invoices.extraSixth')} placeholder="123" style={{ width: 120 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('invoices.check')}
        </Button>
      </Form>
      {result ? (
        <Table<Winner>
          rowKey="number"
          size="small"
          dataSource={result.winners}
          pagination={false}
          title={() => t('invoices.checked', { count: result.checked })}
          locale={{ emptyText: t('invoices.noWinners') }}
        >
          <Table.Column<Winner> dataIndex="orderNo" title={t('orders.order')} />
          <Table.Column<Winner> dataIndex="number" title={t('invoices.number')} />
          <Table.Column<Winner>
            dataIndex="amount"
            title={t('invoices.amount')}
            render={(v: number) => `NT$${v}`}
          />
          <Table.Column<Winner>
            dataIndex="notified"
            title={t('invoices.notified')}
            render={(v: boolean) => (v ? <Tag color="green">✓</Tag> : <Tag>—</Tag>)}
          />
        </Table>
      ) : null}
    </Card>
  );
}

/**
 * The console's e-invoice page (issue 28): problems first, then every invoice with its allowances and voids,
 * the number tracks and the draw check.
 */
export function InvoicePage() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ProblemCard />
      <DocumentCard />
      <TrackCard />
      <DrawCard />
    </Space>
  );
}
