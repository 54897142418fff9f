import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@simshop/contracts';
import { dateTime } from '../../lib/format';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { CrudPage } from '../../shared/crud-page';

type Agreement = {
  id: number;
  type: string;
  language: string;
  title: string;
  body: string;
  updatedAt: string;
};
type Values = Omit<Agreement, 'id' | 'updatedAt'>;
const TYPES = ['agreement', 'privacy'];

/** Agreements and documents, one text per type and language (saving the same type and language replaces it). */
export function AgreementList() {
  const { t } = useTranslation();
  return (
    <CrudPage<Agreement, Values>
      resource="app/agreement"
      modalWidth={900}
      columns={[
        {
          title: t('agreement.type'),
          dataIndex: 'type',
          render: (v: string) => t(`agreement.types.${v}`, { defaultValue: t('common.other') }),
        },
        {
          title: t('agreement.language'),
          dataIndex: 'language',
          render: (v: string) => LANGUAGE_NAMES[v as keyof typeof LANGUAGE_NAMES] ?? v,
        },
        { title: t('agreement.title'), dataIndex: 'title' },
        { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => dateTime(v) },
      ]}
      initialValues={{ type: 'agreement', language: 'zh-Hans' }}
      toForm={(r) => ({ type: r.type, language: r.language, title: r.title, body: r.body })}
      fromForm={(v) => ({ type: v.type.trim(), language: v.language, title: v.title.trim(), body: v.body })}
      form={() => (
        <>
          <Form.Item
            name="type"
            label={t('agreement.type')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Select options={TYPES.map((x) => ({ value: x, label: t(`agreement.types.${x}`) }))} />
          </Form.Item>
          <Form.Item name="language" label={t('agreement.language')}>
            <Select options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('agreement.title')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="body"
            label={t('agreement.body')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.TextArea rows={14} />
          </Form.Item>
        </>
      )}
    />
  );
}
