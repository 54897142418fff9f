import { Form, InputNumber, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '../../lib/api/client';
import { CrudPage } from '../../shared/crud-page';
import { compactTexts, LocaleTexts } from '../../shared/locale-texts';

type Keyword = ApiData<'post', 'admin/goods/searchKeyword/list'>[number];
type Values = { orderNum?: number; status: boolean; texts: Record<string, { keyword?: string }> };

export function KeywordList() {
  const { t } = useTranslation();
  return (
    <CrudPage<Keyword, Values>
      resource="goods/searchKeyword"
      columns={[
        { title: t('keyword.keyword'), dataIndex: 'keyword' },
        { title: t('common.order'), dataIndex: 'orderNum' },
        {
          title: t('common.status'),
          dataIndex: 'status',
          render: (v: number) =>
            v ? <Tag color="green">{t('common.on')}</Tag> : <Tag>{t('common.off')}</Tag>,
        },
      ]}
      initialValues={{ status: true, orderNum: 0 }}
      toForm={(r) => ({ orderNum: r.orderNum, status: r.status === 1, texts: r.texts })}
      fromForm={(v) => ({
        orderNum: v.orderNum ?? 0,
        status: v.status ? 1 : 0,
        texts: compactTexts(v.texts),
      })}
      form={() => (
        <>
          <LocaleTexts
            name="texts"
            fields={[{ key: 'keyword', label: t('keyword.keyword'), required: true, max: 50 }]}
          />
          <Form.Item name="orderNum" label={t('common.order')}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="status" label={t('common.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    />
  );
}
