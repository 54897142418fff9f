import { useState } from 'react';
import { CreateButton, EditButton, List, useSelect, useTable } from '@refinedev/antd';
import { useDeleteMany, useInvalidate } from '@refinedev/core';
import { App, Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime, money } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { PlanLadderAlert } from './plan-ladder';

type GoodsRow = ApiData<'post', 'admin/goods/info/page'>['list'][number];
type Search = { keyWord?: string; typeId?: number; onSale?: 0 | 1 };

export function GoodsList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [selected, setSelected] = useState<number[]>([]);
  const { mutateAsync: deleteMany } = useDeleteMany();
  const { tableProps, searchFormProps } = useTable<GoodsRow, ApiError, Search>({
    resource: 'goods/info',
    syncWithLocation: true,
    onSearch: (v) => [
      { field: 'keyWord', operator: 'eq', value: v.keyWord?.trim() || undefined },
      { field: 'typeId', operator: 'eq', value: v.typeId },
      { field: 'onSale', operator: 'eq', value: v.onSale },
    ],
  });
  const { selectProps: typeSelect } = useSelect({
    resource: 'goods/type',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
  });

  const setOnSale = async (onSale: 0 | 1) => {
    try {
      const { count } = await api.post('admin/goods/info/onSale', { body: { ids: selected, onSale } });
      message.success(t('common.changedCount', { count }));
      setSelected([]);
      void invalidate({ resource: 'goods/info', invalidates: ['list'] });
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };

  return (
    <List title={t('menu.goods/info')} headerButtons={<CreateButton resource="goods/info" />}>
      <PlanLadderAlert />
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="keyWord">
          <Input allowClear placeholder={t('goods.search')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="typeId">
          <Select {...typeSelect} allowClear placeholder={t('goods.type')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="onSale">
          <Select
            allowClear
            placeholder={t('goods.onSale')}
            style={{ width: 140 }}
            options={[
              { value: 1, label: t('goods.onSaleYes') },
              { value: 0, label: t('goods.onSaleNo') },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('buttons.filter')}
        </Button>
      </Form>
      {selected.length > 0 && (
        <Space style={{ marginBottom: 12 }}>
          <span>{t('common.selected', { count: selected.length })}</span>
          <Button onClick={() => void setOnSale(1)}>{t('goods.putOnSale')}</Button>
          <Button onClick={() => void setOnSale(0)}>{t('goods.takeOffSale')}</Button>
          <Popconfirm
            title={t('common.deleteConfirm', { count: selected.length })}
            okText={t('buttons.confirm')}
            cancelText={t('buttons.cancel')}
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd awaits it (spinner on OK)
            onConfirm={async () => {
              await deleteMany({ resource: 'goods/info', ids: selected });
              setSelected([]);
            }}
          >
            <Button danger>{t('buttons.delete')}</Button>
          </Popconfirm>
        </Space>
      )}
      <Table
        {...tableProps}
        rowKey="id"
        size="middle"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
      >
        <Table.Column<GoodsRow> dataIndex="id" title="ID" width={70} />
        <Table.Column<GoodsRow> dataIndex="title" title={t('goods.title')} />
        <Table.Column<GoodsRow>
          dataIndex="goodsType"
          title={t('goods.kind')}
          render={(v: number) => (v === 1 ? t('goods.virtual') : t('goods.physical'))}
        />
        <Table.Column<GoodsRow>
          dataIndex="onSale"
          title={t('goods.onSale')}
          render={(v: number) =>
            v ? <Tag color="green">{t('goods.onSaleYes')}</Tag> : <Tag>{t('goods.onSaleNo')}</Tag>
          }
        />
        <Table.Column<GoodsRow>
          dataIndex="minPrice"
          title={t('goods.fromPrice')}
          align="right"
          render={(v: number | null) => money(v)}
        />
        <Table.Column<GoodsRow> dataIndex="stock" title={t('goods.stock')} align="right" />
        <Table.Column<GoodsRow> dataIndex="sales" title={t('goods.sales')} align="right" />
        <Table.Column<GoodsRow>
          dataIndex="updatedAt"
          title={t('common.updatedAt')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<GoodsRow>
          title={t('table.actions')}
          render={(_, r) => <EditButton hideText size="small" resource="goods/info" recordItemId={r.id} />}
        />
      </Table>
    </List>
  );
}
