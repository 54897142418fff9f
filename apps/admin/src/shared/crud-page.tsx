import { useState, type ReactNode } from 'react';
import { List, useTable } from '@refinedev/antd';
import { useCreate, useDeleteMany, useUpdate, type BaseRecord, type CrudFilters } from '@refinedev/core';
import {
  Button,
  Form,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  type FormInstance,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../lib/request';

export type CrudPageProps<T extends BaseRecord, V> = {
  resource: string;
  columns: TableColumnsType<T>;
  /** The add/edit form's fields. */
  form?: (form: FormInstance<V>, record: T | null) => ReactNode;
  /** A record as form values (edit). */
  toForm?: (record: T) => Partial<V>;
  /** Form values as the add/update body. */
  fromForm?: (values: V, record: T | null) => Record<string, unknown>;
  initialValues?: Partial<V>;
  /** A search form above the table; its values become filters. */
  search?: ReactNode;
  onSearch?: (values: Record<string, unknown>) => CrudFilters;
  canCreate?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
  /** More row actions, after Edit. */
  rowActions?: (record: T) => ReactNode;
  /** More bulk actions on the selected ids. */
  bulkActions?: (ids: number[], clear: () => void) => ReactNode;
  modalWidth?: number;
  headerButtons?: ReactNode;
  /** Fixed fields of every list call (e.g. the dictionary type of its entries). */
  listBody?: Record<string, unknown>;
};

/**
 * A table of a resource with filters, row selection and bulk delete, and a dialog to add or change a record:
 * the console's pages for the simple catalogue, content and operator records.
 */
export function CrudPage<T extends BaseRecord & { id?: number | string }, V extends object>(
  props: CrudPageProps<T, V>,
) {
  const { t } = useTranslation();
  const { resource, canCreate = true, canEdit = true, canDelete = true } = props;
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const [form] = Form.useForm<V>();
  const { tableProps, searchFormProps } = useTable<T, ApiError>({
    resource,
    syncWithLocation: false,
    meta: props.listBody ? { body: props.listBody } : undefined,
    ...(props.onSearch ? { onSearch: props.onSearch as never } : {}),
  });
  const { mutateAsync: create, mutation: creation } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const { mutateAsync: deleteMany } = useDeleteMany();

  const open = (record: T | null) => {
    form.resetFields();
    if (record && props.toForm) form.setFieldsValue(props.toForm(record) as never);
    setEditing(record);
  };
  const submit = async (values: V) => {
    const body = props.fromForm
      ? props.fromForm(values, editing ?? null)
      : (values as Record<string, unknown>);
    try {
      if (editing) await update({ resource, id: editing.id as number, values: body });
      else await create({ resource, values: body });
      setEditing(undefined);
    } catch {
      // refine has shown the error notification; the dialog stays open to correct and retry
    }
  };
  const columns: TableColumnsType<T> = [
    ...props.columns,
    ...(canEdit || canDelete || props.rowActions
      ? [
          {
            title: t('table.actions'),
            key: 'actions',
            render: (_: unknown, r: T) => (
              <Space>
                {canEdit && props.form && (
                  <Button size="small" onClick={() => open(r)}>
                    {t('buttons.edit')}
                  </Button>
                )}
                {props.rowActions?.(r)}
                {canDelete && (
                  <Popconfirm
                    title={t('common.deleteConfirm', { count: 1 })}
                    okText={t('buttons.confirm')}
                    cancelText={t('buttons.cancel')}
                    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd awaits it (spinner on OK)
                    onConfirm={() => deleteMany({ resource, ids: [r.id as number] })}
                  >
                    <Button size="small" danger>
                      {t('buttons.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <List
      title={t(`menu.${resource}`)}
      headerButtons={
        <Space>
          {props.headerButtons}
          {canCreate && props.form && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
              {t('buttons.create')}
            </Button>
          )}
        </Space>
      }
    >
      {props.search && (
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
          {props.search}
          <Button type="primary" htmlType="submit">
            {t('buttons.filter')}
          </Button>
        </Form>
      )}
      {selected.length > 0 && (
        <Space style={{ marginBottom: 12 }}>
          <span>{t('common.selected', { count: selected.length })}</span>
          {props.bulkActions?.(selected, () => setSelected([]))}
          {canDelete && (
            <Popconfirm
              title={t('common.deleteConfirm', { count: selected.length })}
              okText={t('buttons.confirm')}
              cancelText={t('buttons.cancel')}
              // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd awaits it (spinner on OK)
              onConfirm={async () => {
                await deleteMany({ resource, ids: selected });
                setSelected([]);
              }}
            >
              <Button danger>{t('buttons.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
      <Table<T>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        rowSelection={
          canDelete || props.bulkActions
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
      />
      {props.form && (
        <Modal
          open={editing !== undefined}
          width={props.modalWidth ?? 720}
          title={editing ? t('buttons.edit') : t('buttons.create')}
          okText={t('buttons.save')}
          cancelText={t('buttons.cancel')}
          confirmLoading={creation.isPending || updating.isPending}
          onCancel={() => setEditing(undefined)}
          onOk={() => form.submit()}
          forceRender
        >
          <Form
            form={form}
            layout="vertical"
            onFinish={(v: V) => void submit(v)}
            initialValues={props.initialValues as never}
          >
            {props.form(form, editing ?? null)}
          </Form>
        </Modal>
      )}
    </List>
  );
}
