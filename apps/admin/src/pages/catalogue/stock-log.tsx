import { List, useTable } from '@refinedev/antd';
import { Form, InputNumber, Select, Table, Typography } from 'antd';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiData } from '../../lib/api/client';
import { dateTime } from '../../lib/format';
import type { ApiError } from '../../lib/request';

type Row = ApiData<'post', 'admin/goods/stockLog/page'>['list'][number];
const TYPES = ['admin', 'order', 'cancel', 'no_freight_goods'] as const;

export function StockLogList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<
    Row,
    ApiError,
    { goodsId?: number; specId?: number; type?: string }
  >({
    resource: 'goods/stockLog',
    onSearch: (v) => [
      { field: 'goodsId', operator: 'eq', value: v.goodsId },
      { field: 'specId', operator: 'eq', value: v.specId },
      { field: 'type', operator: 'eq', value: v.type },
    ],
  });
  return (
    <List title={t('menu.goods/stockLog')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="goodsId">
          <InputNumber placeholder={t('stockLog.goodsId')} min={1} />
        </Form.Item>
        <Form.Item name="specId">
          <InputNumber placeholder={t('stockLog.specId')} min={1} />
        </Form.Item>
        <Form.Item name="type">
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('stockLog.type')}
            options={TYPES.map((x) => ({ value: x, label: t(`stockType.${x}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('buttons.filter')}
        </Button>
      </Form>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          dataIndex="createdAt"
          title={t('common.time')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Row>
          dataIndex="goodsTitle"
          title={t('goods.title')}
          render={(v: string, r) => <Link to={`/goods/edit/${r.goodsId}`}>{v}</Link>}
        />
        <Table.Column<Row> dataIndex="specName" title={t('goods.spec')} />
        <Table.Column<Row>
          dataIndex="type"
          title={t('stockLog.type')}
          render={(v: string) => t(`stockType.${v}`, { defaultValue: v })}
        />
        <Table.Column<Row>
          dataIndex="change"
          title={t('stockLog.change')}
          align="right"
          render={(v: number) => (
            <Typography.Text type={v < 0 ? 'danger' : 'success'}>{v > 0 ? `+${v}` : v}</Typography.Text>
          )}
        />
        <Table.Column<Row> dataIndex="stockAfter" title={t('stockLog.after')} align="right" />
        <Table.Column<Row>
          dataIndex="orderId"
          title={t('orders.order')}
          render={(v: number | null) => (v ? <Link to={`/orders/show/${v}`}>#{v}</Link> : '')}
        />
        <Table.Column<Row> dataIndex="remark" title={t('goods.remark')} />
      </Table>
    </List>
  );
}
