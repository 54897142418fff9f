import { useState } from 'react';
import { List, useTable } from '@refinedev/antd';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Descriptions, Drawer, Form, Image, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, type ApiData } from '../../lib/api/client';
import { dateTime } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { eqFilters, FilterBar, FilterSelect } from '../../shared/list-filters';

type Kind = 'complain' | 'feedback';
type Row = ApiData<'post', 'admin/app/complain/page'>['list'][number];
const STATUS_COLORS = ['gold', 'blue', 'green'];

/** Complaints or feedback: filter by status, read one, answer it (the buyer sees the reply) and move its status. */
export function CareList({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState<Row | null>(null);
  const [form] = Form.useForm<{ reply: string; status: 0 | 1 | 2 }>();
  const resource = `app/${kind}`;
  const { tableProps, searchFormProps } = useTable<Row, ApiError, { status?: number }>({
    resource,
    onSearch: (v) => eqFilters(v, 'status'),
  });
  const reply = async (v: { reply: string; status: 0 | 1 | 2 }) => {
    if (!open) return;
    try {
      const path = kind === 'complain' ? 'admin/app/complain/reply' : 'admin/app/feedback/reply';
      const updated = await api.post(path, {
        body: { id: open.id, reply: v.reply.trim(), status: v.status },
      });
      message.success(t('care.replied'));
      setOpen(updated as Row);
      void invalidate({ resource, invalidates: ['list'] });
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <List title={t(`menu.${resource}`)}>
      <FilterBar formProps={searchFormProps}>
        <FilterSelect
          name="status"
          values={[0, 1, 2]}
          label={(s) => t(`careState.${s}`)}
          placeholder={t('common.status')}
        />
      </FilterBar>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          dataIndex="createdAt"
          title={t('common.createdAt')}
          render={(v: string) => dateTime(v)}
        />
        <Table.Column<Row> dataIndex="typeName" title={t('care.type')} />
        <Table.Column<Row> dataIndex="content" title={t('care.content')} ellipsis />
        <Table.Column<Row>
          dataIndex="orderNo"
          title={t('orders.order')}
          render={(v: string | null, r) =>
            v && r.orderId ? <Link to={`/orders/show/${r.orderId}`}>{v}</Link> : ''
          }
        />
        <Table.Column<Row>
          dataIndex="status"
          title={t('common.status')}
          render={(s: number) => <Tag color={STATUS_COLORS[s]}>{t(`careState.${s}`)}</Tag>}
        />
        <Table.Column<Row>
          title={t('table.actions')}
          render={(_, r) => (
            <Button
              size="small"
              onClick={() => {
                setOpen(r);
                form.setFieldsValue({ reply: r.reply ?? '', status: 2 });
              }}
            >
              {t('care.answer')}
            </Button>
          )}
        />
      </Table>
      <Drawer open={!!open} width={560} onClose={() => setOpen(null)} title={open?.typeName}>
        {open && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions bordered size="small" column={1}>
              <Descriptions.Item label={t('care.content')}>{open.content}</Descriptions.Item>
              <Descriptions.Item label={t('care.contact')}>{open.contact ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('common.status')}>
                {t(`careState.${open.status}`)}
              </Descriptions.Item>
              {open.reply ? (
                <Descriptions.Item label={t('care.reply')}>{open.reply}</Descriptions.Item>
              ) : null}
              {open.repliedAt ? (
                <Descriptions.Item label={t('care.repliedAt')}>{dateTime(open.repliedAt)}</Descriptions.Item>
              ) : null}
            </Descriptions>
            {open.pictures.length > 0 && (
              <Image.PreviewGroup>
                <Space wrap>
                  {open.pictures.map((p) => (
                    <Image key={p} src={p} width={80} height={80} style={{ objectFit: 'cover' }} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
            <Form form={form} layout="vertical" onFinish={(v: Parameters<typeof reply>[0]) => void reply(v)}>
              <Form.Item
                name="reply"
                label={t('care.reply')}
                rules={[{ required: true, whitespace: true, message: t('form.required') }]}
              >
                <Input.TextArea rows={4} maxLength={1000} />
              </Form.Item>
              <Form.Item name="status" label={t('common.status')}>
                <Select options={[0, 1, 2].map((s) => ({ value: s, label: t(`careState.${s}`) }))} />
              </Form.Item>
              <Button type="primary" htmlType="submit">
                {t('care.sendReply')}
              </Button>
            </Form>
          </Space>
        )}
      </Drawer>
    </List>
  );
}
