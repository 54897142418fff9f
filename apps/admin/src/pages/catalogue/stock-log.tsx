import { List, useTable } from '@refinedev/antd';
import { Form, InputNumber, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiData } from '../../lib/api/client';
import { dateTime } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { eqFilters, FilterBar, FilterSelect } from '../../shared/list-filters';

type Row = ApiData<'post', 'admin/goods/stockLog/page'>['list'][number];
const TYPES = ['admin', 'order', 'cancel', 'no_freight_goods'] as const;

/** The remark the server writes on a new spec's first stock (catalogue-admin.service): named here. */
const INITIAL_STOCK = 'initial stock';

export function StockLogList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<
    Row,
    ApiError,
    { goodsId?: number; specId?: number; type?: string }
  >({
    resource: 'goods/stockLog',
    onSearch: (v) => eqFilters(v, 'goodsId', 'specId', 'type'),
  });
  return (
    <List title={t('menu.goods/stockLog')}>
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="goodsId">
          <InputNumber placeholder={t('stockLog.goodsId')} min={1} />
        </Form.Item>
        <Form.Item name="specId">
          <InputNumber placeholder={t('stockLog.specId')} min={1} />
        </Form.Item>
        <FilterSelect
          name="type"
          values={TYPES}
          label={(x) => t(`stockType.${x}`)}
          placeholder={t('stockLog.type')}
        />
      </FilterBar>
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
          render={(v: string) => t(`stockType.${v}`, { defaultValue: t('common.other') })}
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
        <Table.Column<Row>
          dataIndex="remark"
          title={t('goods.remark')}
          render={(v: string | null) => (v === INITIAL_STOCK ? t('stockLog.initialStock') : v)}
        />
      </Table>
    </List>
  );
}
