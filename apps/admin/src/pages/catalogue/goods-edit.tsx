import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useOne, useInvalidate } from '@refinedev/core';
import { Create, Edit, useSelect } from '@refinedev/antd';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Typography,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { api, type ApiBody, type ApiData } from '../../lib/api/client';
import { dateTime, money, toMajor, toMinor } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { compactTexts, LocaleTexts } from '../../shared/locale-texts';
import { PictureUpload } from '../../shared/picture-upload';
import { PAY_WAYS } from '../../shared/labels';
import { useCurrency } from '../../shared/summary';

type GoodsInfo = ApiData<'get', 'admin/goods/info/info'>;
type Spec = GoodsInfo['specs'][number];
type AddBody = ApiBody<'post', 'admin/goods/info/add'>;
type Block = NonNullable<NonNullable<AddBody['texts']['en']>['description']>[number];

/** Description blocks as the text an operator edits: paragraphs apart by a blank line, `# ` headings, `- ` lists. */
export function blocksToText(blocks: Block[] | undefined): string {
  return (blocks ?? [])
    .map((b) =>
      b.type === 'heading'
        ? `# ${b.text}`
        : b.type === 'paragraph'
          ? b.text
          : b.type === 'list'
            ? b.items.map((i) => `- ${i}`).join('\n')
            : `![${b.alt ?? ''}](${b.url})`,
    )
    .join('\n\n');
}
export function textToBlocks(text: string | undefined): Block[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p): Block => {
      const image = /^!\[([^\]]*)\]\(([^)\s]+)\)$/.exec(p);
      if (image) return { type: 'image', url: image[2]!, ...(image[1] ? { alt: image[1] } : {}) };
      if (p.startsWith('# ')) return { type: 'heading', text: p.slice(2).trim() };
      const lines = p.split('\n');
      if (lines.every((l) => l.trim().startsWith('- ')))
        return { type: 'list', items: lines.map((l) => l.trim().slice(2).trim()).filter(Boolean) };
      return { type: 'paragraph', text: p };
    });
}

type TextValues = Record<string, { title?: string; subtitle?: string; description?: string } | undefined>;
const textsOut = (texts: TextValues) =>
  compactTexts(
    Object.fromEntries(
      Object.entries(texts ?? {}).map(([lang, v]) => [
        lang,
        v && {
          title: v.title,
          subtitle: v.subtitle,
          ...(v.description?.trim() ? { description: textToBlocks(v.description) } : {}),
        },
      ]),
    ),
  ) as AddBody['texts'];

type SpecValues = {
  name?: string;
  dataGb?: number;
  allowance?: 'total' | 'daily' | null;
  validityDays?: number;
  price: number;
  originalPrice?: number;
  stock?: number;
  sku?: string;
  noFreight?: boolean;
};
const specOut = (v: SpecValues, currency: string) => ({
  ...(v.name?.trim() ? { texts: { 'zh-Hans': { name: v.name.trim() } } } : {}),
  dataMb: v.dataGb ? Math.round(v.dataGb * 1024) : null,
  allowance: v.allowance ?? null,
  validityDays: v.validityDays ?? null,
  price: toMinor(v.price, currency),
  originalPrice: v.originalPrice ? toMinor(v.originalPrice, currency) : null,
  stock: v.stock ?? 0,
  sku: v.sku?.trim() || null,
  noFreight: (v.noFreight ? 1 : 0) as 0 | 1,
});

/**
 * Amounts and stock are checked, not clamped: an InputNumber with `min` silently turned a typed -5 into 0 and
 * saved a spec that sold for nothing.
 */
const notNegative = (t: TFunction) => ({ type: 'number' as const, min: 0, message: t('form.notNegative') });

function SpecFields({ withStock }: { withStock: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Col span={8}>
        <Form.Item name="name" label={t('goods.specName')}>
          <Input placeholder={t('goods.specNameHint')} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="dataGb" label={t('goods.dataGb')}>
          <InputNumber min={0.1} step={1} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="allowance" label={t('goods.allowance')}>
          <Select
            allowClear
            options={[
              { value: 'total', label: t('goods.allowanceTotal') },
              { value: 'daily', label: t('goods.allowanceDaily') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="validityDays" label={t('goods.validityDays')}>
          <InputNumber min={1} max={3650} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="sku" label={t('goods.sku')}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item
          name="price"
          label={t('goods.price')}
          rules={[{ required: true, message: t('form.required') }, notNegative(t)]}
        >
          <InputNumber step={1} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="originalPrice" label={t('goods.originalPrice')} rules={[notNegative(t)]}>
          <InputNumber step={1} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {withStock && (
        <Col span={4}>
          <Form.Item name="stock" label={t('goods.stock')} rules={[notNegative(t)]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      )}
      <Col span={4}>
        <Form.Item name="noFreight" label={t('goods.noFreight')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The goods' common fields: type, sale type, texts in five languages, pictures, pay ways, shipping. */
function GoodsFields() {
  const { t } = useTranslation();
  const { selectProps: typeSelect } = useSelect({
    resource: 'goods/type',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
  });
  const { selectProps: saleTypeSelect } = useSelect({
    resource: 'goods/saleType',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
  });
  return (
    <>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="typeId"
            label={t('goods.type')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Select {...typeSelect} aria-label={t('goods.type')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="saleTypeId"
            label={t('goods.saleType')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Select {...saleTypeSelect} aria-label={t('goods.saleType')} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="freight" label={t('goods.freight')} rules={[notNegative(t)]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="onSale" label={t('goods.onSale')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Card size="small" title={t('goods.texts')} style={{ marginBottom: 16 }}>
        <LocaleTexts
          name="texts"
          fields={[
            { key: 'title', label: t('goods.title'), required: true, max: 100 },
            { key: 'subtitle', label: t('goods.subtitle'), max: 200 },
            { key: 'description', label: t('goods.description'), multiline: true },
          ]}
        />
        <Typography.Text type="secondary">{t('goods.descriptionHint')}</Typography.Text>
      </Card>
      <Form.Item
        name="pictures"
        label={t('goods.pictures')}
        rules={[{ required: true, type: 'array', min: 1, message: t('goods.picturesRequired') }]}
      >
        <PictureUpload />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="payWays"
            label={t('goods.payWays')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Checkbox.Group options={PAY_WAYS.map((p) => ({ value: p, label: t(`payWay.${p}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="destinations" label={t('goods.destinations')}>
            <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="JP, KR, EU" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** A dialog about one spec ("<action> · <spec name>"), saved by submitting `form`. */
function SpecDialog({
  spec,
  action,
  width,
  form,
  onClose,
  children,
}: {
  spec: Spec | null;
  action: string;
  width?: number;
  form: FormInstance;
  onClose: (changed: boolean) => void;
  children: (spec: Spec) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!spec}
      width={width}
      title={spec ? `${action} · ${spec.name}` : ''}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {spec && children(spec)}
    </Modal>
  );
}

function StockDialog({ spec, onClose }: { spec: Spec | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ change: number; remark?: string }>();
  const [log, setLog] = useState<ApiData<'post', 'admin/goods/stockLog/list'> | null>(null);
  const [loadedFor, setLoadedFor] = useState<number | null>(null);
  if (spec && loadedFor !== spec.id) {
    setLoadedFor(spec.id);
    setLog(null);
    void api
      .post('admin/goods/stockLog/list', { body: { specId: spec.id, limit: 20 } })
      .then(setLog, () => setLog([]));
  }
  return (
    <SpecDialog spec={spec} action={t('goods.changeStock')} width={720} form={form} onClose={onClose}>
      {(spec) => (
        <>
          <Typography.Paragraph>
            {t('goods.currentStock')}: <b>{spec.stock}</b>
          </Typography.Paragraph>
          <Form
            form={form}
            layout="inline"
            onFinish={async (v) => {
              try {
                await api.post('admin/goods/stock/change', {
                  body: { specId: spec.id, change: v.change, remark: v.remark },
                });
                message.success(t('goods.stockChanged'));
                form.resetFields();
                onClose(true);
              } catch (err) {
                message.error((err as ApiError).message);
              }
            }}
          >
            <Form.Item
              name="change"
              rules={[
                { required: true, type: 'integer', message: t('goods.changeRule') },
                {
                  validator: (_, v) =>
                    v === 0 ? Promise.reject(new Error(t('goods.changeRule'))) : Promise.resolve(),
                },
              ]}
            >
              <InputNumber placeholder={t('goods.stockChange')} aria-label={t('goods.stockChange')} />
            </Form.Item>
            <Form.Item name="remark">
              <Input placeholder={t('goods.remark')} maxLength={200} style={{ width: 280 }} />
            </Form.Item>
          </Form>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('menu.goods/stockLog')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            loading={!log}
            dataSource={log ?? []}
            pagination={false}
            columns={[
              { title: t('common.time'), dataIndex: 'createdAt', render: (v: string) => dateTime(v) },
              {
                title: t('stockLog.type'),
                dataIndex: 'type',
                render: (v: string) => t(`stockType.${v}`, { defaultValue: v }),
              },
              { title: t('stockLog.change'), dataIndex: 'change' },
              { title: t('stockLog.after'), dataIndex: 'stockAfter' },
              { title: t('goods.remark'), dataIndex: 'remark' },
            ]}
          />
        </>
      )}
    </SpecDialog>
  );
}

/** A spec's price and original price, changed in place (the server re-prices the goods' lowest price). */
function PriceDialog({ spec, onClose }: { spec: Spec | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ price: number; originalPrice?: number | null }>();
  return (
    <SpecDialog spec={spec} action={t('goods.changePrice')} form={form} onClose={onClose}>
      {(spec) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            price: toMajor(spec.price, spec.currency),
            originalPrice: spec.originalPrice === null ? null : toMajor(spec.originalPrice, spec.currency),
          }}
          onFinish={async (v) => {
            try {
              await api.post('admin/goods/spec/update', {
                body: {
                  id: spec.id,
                  price: toMinor(v.price, spec.currency),
                  originalPrice:
                    v.originalPrice === null || v.originalPrice === undefined
                      ? null
                      : toMinor(v.originalPrice, spec.currency),
                },
              });
              message.success(t('goods.priceChanged'));
              onClose(true);
            } catch (err) {
              message.error((err as ApiError).message);
            }
          }}
        >
          <Form.Item
            name="price"
            label={t('goods.price')}
            rules={[{ required: true, message: t('form.required') }, notNegative(t)]}
          >
            <InputNumber style={{ width: '100%' }} aria-label={t('goods.price')} />
          </Form.Item>
          <Form.Item name="originalPrice" label={t('goods.originalPrice')} rules={[notNegative(t)]}>
            <InputNumber style={{ width: '100%' }} aria-label={t('goods.originalPrice')} />
          </Form.Item>
        </Form>
      )}
    </SpecDialog>
  );
}

function SpecsCard({ goods, onChanged }: { goods: GoodsInfo; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = goods.specs[0]?.currency ?? 'TWD';
  const [stockOf, setStockOf] = useState<Spec | null>(null);
  const [priceOf, setPriceOf] = useState<Spec | null>(null);
  const [adding, setAdding] = useState(false);
  const [addForm] = Form.useForm<SpecValues>();
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      message.success(t('common.saved'));
      onChanged();
    } catch (err) {
      message.error((err as ApiError).message);
    }
  };
  return (
    <Card
      size="small"
      title={t('goods.specs')}
      extra={<Button onClick={() => setAdding(true)}>{t('goods.addSpec')}</Button>}
      style={{ marginTop: 16 }}
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={goods.specs}
        columns={[
          { title: t('goods.specName'), dataIndex: 'name' },
          { title: t('goods.sku'), dataIndex: 'sku' },
          {
            title: t('goods.price'),
            dataIndex: 'price',
            align: 'right',
            render: (v: number, r) => money(v, r.currency),
          },
          { title: t('goods.stock'), dataIndex: 'stock', align: 'right' },
          {
            title: t('goods.visible'),
            dataIndex: 'status',
            render: (v: number, r) => (
              <Switch
                size="small"
                checked={v === 1}
                onChange={(on) =>
                  void run(() =>
                    api.post('admin/goods/spec/update', { body: { id: r.id, status: on ? 1 : 0 } }),
                  )
                }
              />
            ),
          },
          {
            title: t('table.actions'),
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setPriceOf(r)}>
                  {t('goods.changePrice')}
                </Button>
                <Button size="small" onClick={() => setStockOf(r)}>
                  {t('goods.changeStock')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm', { count: 1 })}
                  okText={t('buttons.confirm')}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => run(() => api.post('admin/goods/spec/delete', { body: { ids: [r.id] } }))}
                >
                  <Button size="small" danger>
                    {t('buttons.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <PriceDialog
        spec={priceOf}
        onClose={(changed) => {
          setPriceOf(null);
          if (changed) onChanged();
        }}
      />
      <StockDialog
        spec={stockOf}
        onClose={(changed) => {
          setStockOf(null);
          if (changed) onChanged();
        }}
      />
      <Modal
        open={adding}
        width={900}
        title={t('goods.addSpec')}
        okText={t('buttons.save')}
        cancelText={t('buttons.cancel')}
        onCancel={() => setAdding(false)}
        onOk={() => addForm.submit()}
      >
        <Form
          form={addForm}
          layout="vertical"
          onFinish={(v) =>
            run(async () => {
              await api.post('admin/goods/spec/add', {
                body: { goodsId: goods.id, ...specOut(v, currency) },
              });
              setAdding(false);
              addForm.resetFields();
            })
          }
        >
          <SpecFields withStock />
        </Form>
      </Modal>
    </Card>
  );
}

type FormValues = {
  typeId: number;
  saleTypeId: number;
  texts: TextValues;
  pictures: string[];
  payWays: AddBody['payWays'];
  destinations?: string[];
  freight?: number;
  onSale?: boolean;
  specs?: SpecValues[];
};

/** Creates goods (with their first specs) or edits them (specs, stock and its log below). */
export function GoodsEdit() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { id } = useParams();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const currency = useCurrency();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const editing = !!id;
  const { query, result: goods } = useOne<GoodsInfo>({
    resource: 'goods/info',
    id: id ?? '',
    queryOptions: { enabled: editing },
  });
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (editing && goods && filledFor !== goods.updatedAt) {
    setFilledFor(goods.updatedAt);
    form.setFieldsValue({
      typeId: goods.typeId,
      saleTypeId: goods.saleTypeId,
      texts: Object.fromEntries(
        Object.entries(goods.texts).map(([lang, v]) => [
          lang,
          {
            title: v.title,
            subtitle: v.subtitle,
            description: blocksToText(v.description as Block[] | undefined),
          },
        ]),
      ),
      pictures: goods.pictures,
      payWays: goods.payWays,
      destinations: goods.destinations,
      freight: toMajor(goods.freight, currency),
      onSale: goods.onSale === 1,
    });
  }

  const save = async (v: FormValues) => {
    setSaving(true);
    try {
      const common = {
        typeId: v.typeId,
        saleTypeId: v.saleTypeId,
        texts: textsOut(v.texts),
        pictures: v.pictures,
        payWays: v.payWays,
        destinations: v.destinations ?? [],
        freight: toMinor(v.freight ?? 0, currency),
        onSale: (v.onSale ? 1 : 0) as 0 | 1,
      };
      if (editing) {
        await api.post('admin/goods/info/update', { body: { id: Number(id), ...common } });
        message.success(t('common.saved'));
        void query.refetch();
      } else {
        const created = await api.post('admin/goods/info/add', {
          body: { ...common, specs: (v.specs ?? []).map((s) => specOut(s, currency)) } as AddBody,
        });
        message.success(t('goods.created'));
        navigate(`/goods/edit/${created.id}`);
      }
      void invalidate({ resource: 'goods/info', invalidates: ['list'] });
    } catch (err) {
      message.error((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  const body = (
    <Form
      form={form}
      layout="vertical"
      onFinish={save}
      initialValues={{ onSale: true, payWays: ['wallet'], pictures: [], specs: [{}], freight: 0 }}
    >
      <GoodsFields />
      {!editing && (
        <Form.List name="specs">
          {(fields, { add, remove }) => (
            <Card
              size="small"
              title={t('goods.specs')}
              extra={<Button onClick={() => add({})}>{t('goods.addSpec')}</Button>}
            >
              {fields.map((f) => (
                <div key={f.key} style={{ borderBottom: '1px dashed #eee', marginBottom: 8 }}>
                  <Form.Item noStyle>
                    <SpecListItem name={f.name} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button size="small" danger onClick={() => remove(f.name)} style={{ marginBottom: 8 }}>
                      {t('buttons.delete')}
                    </Button>
                  )}
                </div>
              ))}
            </Card>
          )}
        </Form.List>
      )}
    </Form>
  );

  const saveButtonProps = { onClick: () => form.submit(), loading: saving };
  if (!editing)
    return (
      <Create resource="goods/info" title={t('goods.create')} saveButtonProps={saveButtonProps}>
        {body}
      </Create>
    );
  return (
    <Edit
      resource="goods/info"
      recordItemId={id}
      title={
        goods
          ? `${t('goods.edit')} · ${goods.texts[i18n.language]?.title ?? goods.texts['zh-Hans']?.title ?? Object.values(goods.texts)[0]?.title}`
          : t('goods.edit')
      }
      isLoading={query.isLoading}
      saveButtonProps={saveButtonProps}
      headerButtons={() => null}
    >
      {body}
      {goods && <SpecsCard goods={goods} onChanged={() => void query.refetch()} />}
    </Edit>
  );
}

/** One spec row of the create form: the spec fields under `specs.<index>`. */
function SpecListItem({ name }: { name: number }) {
  const { t } = useTranslation();
  const field = (key: keyof SpecValues) => [name, key];
  return (
    <Row gutter={12}>
      <Col span={6}>
        <Form.Item name={field('name')} label={t('goods.specName')}>
          <Input placeholder={t('goods.specNameHint')} aria-label={t('goods.specName')} />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={field('dataGb')} label={t('goods.dataGb')}>
          <InputNumber min={0.1} style={{ width: '100%' }} aria-label={t('goods.dataGb')} />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={field('allowance')} label={t('goods.allowance')}>
          <Select
            allowClear
            options={[
              { value: 'total', label: t('goods.allowanceTotal') },
              { value: 'daily', label: t('goods.allowanceDaily') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={field('validityDays')} label={t('goods.validityDays')}>
          <InputNumber min={1} max={3650} style={{ width: '100%' }} aria-label={t('goods.validityDays')} />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item
          name={field('price')}
          label={t('goods.price')}
          rules={[{ required: true, message: t('form.required') }, notNegative(t)]}
        >
          <InputNumber style={{ width: '100%' }} aria-label={t('goods.price')} />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={field('stock')} label={t('goods.stock')} rules={[notNegative(t)]}>
          <InputNumber style={{ width: '100%' }} aria-label={t('goods.stock')} />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={field('sku')} label={t('goods.sku')}>
          <Input />
        </Form.Item>
      </Col>
    </Row>
  );
}
