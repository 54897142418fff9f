import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useOne, useInvalidate } from '@refinedev/core';
import { Create, Edit } from '@refinedev/antd';
import { App, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api/client';
import { toMajor, toMinor } from '../../lib/format';
import type { ApiError } from '../../lib/request';
import { useCurrency } from '../../shared/summary';
import { GoodsFields, SpecListItem } from './goods-fields';
import {
  blocksToText,
  specOut,
  textsOut,
  type AddBody,
  type Block,
  type FormValues,
  type GoodsInfo,
} from './goods-form';
import { SpecsCard } from './goods-specs-card';

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
        void navigate(`/goods/edit/${created.id}`); // nothing waits for the route to render
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
      onFinish={(v) => void save(v)}
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
