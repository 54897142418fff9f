import { useTable } from '@refinedev/antd';
import { Button, Card, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INVOICE_DOCUMENT_KINDS, INVOICE_DOCUMENT_STATES } from '@simshop/contracts';
import type { ApiData } from '../../lib/api/client';
import { dateTime, money, toMinor } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { eqFilters, FilterBar, FilterSelect } from '../../shared/list-filters';
import { useInvoiceRetry } from './invoice-retry';

type Doc = ApiData<'post', 'admin/invoice/info/page'>['list'][number];
type Search = {
  documentKind?: Doc['kind'];
  documentState?: Doc['state'];
  period?: string;
  orderNo?: string;
};

const PERIOD = /^\d{4}(0[13579]|11)$/;
const UPLOAD_COLORS: Record<Doc['upload'], string> = {
  waiting: 'gold',
  retrying: 'orange',
  uploaded: 'green',
  failed: 'red',
  rejected: 'red',
};
const STATE_COLORS: Partial<Record<Doc['state'], string>> = {
  issued: 'green',
  done: 'green',
  voided: 'default',
  failed: 'red',
  rejected: 'red',
};
/** Failed or rejected uploads, and those waiting past their deadline or on a problem, can be sent again. */
const retriable = (d: Doc) =>
  d.upload === 'failed' || d.upload === 'rejected' || d.upload === 'retrying' || d.late;

/**
 * Every invoice with the allowances (折讓) and voids (作廢) refunds made of it, filtered by kind, state,
 * period and order number: each with its number, amount and tax, state, upload state and order, and the
 * retry of a failed upload.
 */
export function DocumentCard() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<Doc, ApiError, Search>({
    resource: 'invoice/info',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    filters: { mode: 'server' },
    onSearch: (v) => [
      ...eqFilters(v, 'documentKind', 'documentState'),
      { field: 'period', operator: 'eq', value: v.period?.trim() || undefined },
      { field: 'orderNo', operator: 'eq', value: v.orderNo?.trim() || undefined },
    ],
  });
  const retry = useInvoiceRetry();
  const nt = (v: number) => money(toMinor(v));
  return (
    <Card title={t('invoices.documents')}>
      <FilterBar<Search> formProps={searchFormProps}>
        <FilterSelect
          name="documentKind"
          values={INVOICE_DOCUMENT_KINDS}
          label={(k) => t(`invoices.kinds.${k}`)}
          placeholder={t('invoices.kind')}
        />
        <FilterSelect
          name="documentState"
          values={INVOICE_DOCUMENT_STATES}
          label={(s) => t(`invoices.states.${s}`)}
          placeholder={t('invoices.state')}
        />
        <Form.Item name="period" rules={[{ pattern: PERIOD, message: t('invoices.periodRule') }]}>
          <Input
            allowClear
            aria-label={t('invoices.period')}
            placeholder={t('invoices.period')}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item name="orderNo">
          <Input
            allowClear
            aria-label={t('orders.orderNo')}
            placeholder={t('orders.orderNo')}
            style={{ width: 200 }}
          />
        </Form.Item>
      </FilterBar>
      <Table<Doc>
        {...tableProps}
        rowKey={(r) => `${r.kind}-${r.id}`}
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('invoices.noDocuments') }}
      >
        <Table.Column<Doc>
          dataIndex="kind"
          title={t('invoices.kind')}
          render={(k: Doc['kind']) => (
            <Tag color={k === 'invoice' ? 'blue' : k === 'allowance' ? 'purple' : 'default'}>
              {t(`invoices.kinds.${k}`)}
            </Tag>
          )}
        />
        <Table.Column<Doc>
          dataIndex="number"
          title={t('invoices.number')}
          render={(v: string | null, r) =>
            // a void has no number of its own: it is the voided invoice's
            r.kind === 'void' ? (
              (r.invoiceNumber ?? '—')
            ) : (
              <Space direction="vertical" size={0}>
                <span>{v ?? '—'}</span>
                {r.kind === 'allowance' && r.invoiceNumber && (
                  <Typography.Text type="secondary">
                    {t('invoices.ofInvoice', { number: r.invoiceNumber })}
                  </Typography.Text>
                )}
              </Space>
            )
          }
        />
        <Table.Column<Doc>
          dataIndex="orderId"
          title={t('orders.order')}
          render={(v: number, r) => <Link to={`/orders/show/${v}`}>{r.orderNo}</Link>}
        />
        <Table.Column<Doc> dataIndex="category" title={t('invoices.category')} />
        <Table.Column<Doc> dataIndex="amount" title={t('invoices.amount')} render={nt} />
        <Table.Column<Doc> dataIndex="taxAmount" title={t('invoices.tax')} render={nt} />
        <Table.Column<Doc>
          dataIndex="state"
          title={t('invoices.state')}
          render={(s: Doc['state']) => (
            <Tag color={STATE_COLORS[s] ?? 'gold'}>{t(`invoices.states.${s}`)}</Tag>
          )}
        />
        <Table.Column<Doc>
          dataIndex="upload"
          title={t('invoices.upload')}
          render={(u: Doc['upload'], r) => (
            <Space direction="vertical" size={2}>
              <Space size={4}>
                <Tag color={UPLOAD_COLORS[u]}>{t(`invoices.uploads.${u}`)}</Tag>
                {r.late && <Tag color="red">{t('invoices.late')}</Tag>}
              </Space>
              {r.lastError && (
                <Typography.Text type="danger" style={{ maxWidth: 240, display: 'block' }}>
                  {r.lastError}
                </Typography.Text>
              )}
            </Space>
          )}
        />
        <Table.Column<Doc> dataIndex="period" title={t('invoices.period')} />
        <Table.Column<Doc> dataIndex="at" title={t('invoices.date')} render={(v: string) => dateTime(v)} />
        <Table.Column<Doc>
          title={t('table.actions')}
          fixed="right"
          render={(_, r) =>
            retriable(r) && (
              <Button
                size="small"
                onClick={() => void retry(r.id, r.kind === 'invoice' ? 'invoice' : 'return')}
              >
                {t('invoices.retry')}
              </Button>
            )
          }
        />
      </Table>
    </Card>
  );
}
