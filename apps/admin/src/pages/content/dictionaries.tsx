import { useState } from 'react';
import { Card, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud-page';

type DictType = { id: number; key: string; name: string; names: Record<string, string> | null };
type DictEntry = {
  id: number;
  typeId: number;
  name: string;
  names: Record<string, string> | null;
  value: string | null;
  description: string | null;
  parentId: number | null;
  orderNum: number;
};
const OTHER_LANGS = ['zh-Hant', 'en', 'fr', 'es'] as const;

function NamesFields() {
  const { t } = useTranslation();
  return (
    <Row gutter={8}>
      {OTHER_LANGS.map((l) => (
        <Col span={12} key={l}>
          <Form.Item name={['names', l]} label={`${t('dict.name')} (${l})`}>
            <Input />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
const compactNames = (names: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(Object.entries(names ?? {}).filter(([, v]) => v?.trim()));

/** Dictionaries: their types on the left, the entries of the chosen type on the right (names in five languages). */
export function DictList() {
  const { t } = useTranslation();
  const [type, setType] = useState<DictType | null>(null);
  return (
    <Row gutter={16}>
      <Col span={10}>
        <CrudPage<DictType, { key: string; name: string; names?: Record<string, string> }>
          resource="dict/type"
          columns={[
            {
              title: t('dict.key'),
              dataIndex: 'key',
              render: (v: string, r) => (
                <a onClick={() => setType(r)}>
                  <Typography.Text code>{v}</Typography.Text>
                </a>
              ),
            },
            { title: t('dict.name'), dataIndex: 'name' },
          ]}
          toForm={(r) => ({ key: r.key, name: r.name, names: r.names ?? {} })}
          fromForm={(v) => ({ key: v.key.trim(), name: v.name.trim(), names: compactNames(v.names) })}
          form={() => (
            <>
              <Form.Item
                name="key"
                label={t('dict.key')}
                rules={[{ required: true, message: t('form.required') }]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name="name"
                label={`${t('dict.name')} (zh-Hans)`}
                rules={[{ required: true, message: t('form.required') }]}
              >
                <Input />
              </Form.Item>
              <NamesFields />
            </>
          )}
        />
      </Col>
      <Col span={14}>
        {type ? <DictEntries key={type.id} type={type} /> : <Card>{t('dict.pickType')}</Card>}
      </Col>
    </Row>
  );
}

function DictEntries({ type }: { type: DictType }) {
  const { t } = useTranslation();
  type Values = {
    name: string;
    names?: Record<string, string>;
    value?: string;
    description?: string;
    orderNum?: number;
  };
  return (
    <CrudPage<DictEntry, Values>
      resource="dict/info"
      listBody={{ typeId: type.id }}
      headerButtons={<b>{type.name}</b>}
      columns={[
        { title: t('dict.name'), dataIndex: 'name' },
        {
          title: t('dict.value'),
          dataIndex: 'value',
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        { title: t('common.order'), dataIndex: 'orderNum' },
      ]}
      initialValues={{ orderNum: 0 }}
      toForm={(r) => ({
        name: r.name,
        names: r.names ?? {},
        value: r.value ?? undefined,
        description: r.description ?? undefined,
        orderNum: r.orderNum,
      })}
      fromForm={(v) => ({
        typeId: type.id,
        name: v.name.trim(),
        names: compactNames(v.names),
        value: v.value?.trim() || null,
        description: v.description?.trim() || null,
        orderNum: v.orderNum ?? 0,
      })}
      form={() => (
        <>
          <Form.Item
            name="name"
            label={`${t('dict.name')} (zh-Hans)`}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input />
          </Form.Item>
          <NamesFields />
          <Form.Item name="value" label={t('dict.value')}>
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('dict.description')}>
            <Input />
          </Form.Item>
          <Form.Item name="orderNum" label={t('common.order')}>
            <InputNumber />
          </Form.Item>
        </>
      )}
    />
  );
}
