import { DatePicker, Form, Input, InputNumber, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { dateTime } from '../../lib/format';
import { CrudPage } from '../../shared/crud-page';

/** A row of `admin/app/version/page` (contracts `adminVersion`). */
export type AppVersion = {
  id: number;
  version: string;
  code: number;
  description: string;
  url: string | null;
  force: boolean;
  publishedAt: string;
};
type Values = {
  version: string;
  code: number;
  description: string;
  url?: string;
  force: boolean;
  publishedAt?: Dayjs;
};

/** App versions: version name and code, release notes, download address, forced update. */
export function VersionList() {
  const { t } = useTranslation();
  return (
    <CrudPage<AppVersion, Values>
      resource="app/version"
      columns={[
        { title: t('version.version'), dataIndex: 'version' },
        { title: t('version.code'), dataIndex: 'code' },
        { title: t('version.notes'), dataIndex: 'description', ellipsis: true },
        {
          title: t('version.force'),
          dataIndex: 'force',
          render: (v: unknown) =>
            v ? <Tag color="red">{t('version.forced')}</Tag> : <Tag>{t('version.optional')}</Tag>,
        },
        { title: t('version.publishedAt'), dataIndex: 'publishedAt', render: (v: string) => dateTime(v) },
      ]}
      initialValues={{ force: false }}
      toForm={(r) => ({
        version: r.version,
        code: r.code,
        description: r.description,
        url: r.url ?? undefined,
        force: !!r.force,
        publishedAt: dayjs(r.publishedAt),
      })}
      fromForm={(v) => ({
        version: v.version.trim(),
        code: v.code,
        description: v.description,
        ...(v.url?.trim() ? { url: v.url.trim() } : {}),
        force: v.force,
        ...(v.publishedAt ? { publishedAt: v.publishedAt.valueOf() } : {}),
      })}
      form={() => (
        <>
          <Form.Item
            name="version"
            label={t('version.version')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input placeholder="1.2.0" />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('version.code')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('version.notes')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item name="url" label={t('version.url')}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="force" label={t('version.force')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="publishedAt" label={t('version.publishedAt')}>
            <DatePicker showTime />
          </Form.Item>
        </>
      )}
    />
  );
}
