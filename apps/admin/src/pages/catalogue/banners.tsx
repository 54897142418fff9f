import { DatePicker, Form, Image, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { ApiData } from '../../lib/api/client';
import { dateTime } from '../../lib/format';
import { CrudPage } from '../../shared/crud-page';
import { compactTexts, LocaleTexts } from '../../shared/locale-texts';
import { PictureUpload } from '../../shared/picture-upload';

type Banner = ApiData<'post', 'admin/market/banner/list'>[number];
type Values = {
  texts: Record<string, { title?: string }>;
  picture: string[];
  linkType: Banner['linkType'];
  linkValue?: string;
  position: Banner['position'];
  orderNum?: number;
  window?: [Dayjs | null, Dayjs | null] | null;
  status: boolean;
};

export function BannerList() {
  const { t } = useTranslation();
  return (
    <CrudPage<Banner, Values>
      resource="market/banner"
      columns={[
        {
          title: t('banner.picture'),
          dataIndex: 'picture',
          render: (v: string) => <Image src={v} width={96} height={40} style={{ objectFit: 'cover' }} />,
        },
        { title: t('banner.title'), dataIndex: 'title' },
        {
          title: t('banner.position'),
          dataIndex: 'position',
          render: (v: string) => t(`banner.positions.${v}`),
        },
        {
          title: t('banner.link'),
          dataIndex: 'linkType',
          render: (v: string, r) => `${t(`banner.linkTypes.${v}`)} ${r.linkValue ?? ''}`,
        },
        {
          title: t('banner.window'),
          key: 'window',
          render: (_, r) => `${dateTime(r.startsAt)} – ${dateTime(r.endsAt)}`,
        },
        {
          title: t('common.status'),
          dataIndex: 'status',
          render: (v: number) =>
            v ? <Tag color="green">{t('common.on')}</Tag> : <Tag>{t('common.off')}</Tag>,
        },
      ]}
      initialValues={{ linkType: 'none', position: 'home', status: true, orderNum: 0, picture: [] }}
      toForm={(r) => ({
        texts: r.texts,
        picture: [r.picture],
        linkType: r.linkType,
        linkValue: r.linkValue ?? undefined,
        position: r.position,
        orderNum: r.orderNum,
        window: [r.startsAt ? dayjs(r.startsAt) : null, r.endsAt ? dayjs(r.endsAt) : null],
        status: r.status === 1,
      })}
      fromForm={(v) => ({
        texts: compactTexts(v.texts),
        picture: v.picture[0],
        linkType: v.linkType,
        linkValue: v.linkType === 'none' ? null : v.linkValue?.trim() || null,
        position: v.position,
        orderNum: v.orderNum ?? 0,
        startsAt: v.window?.[0]?.toISOString() ?? null,
        endsAt: v.window?.[1]?.toISOString() ?? null,
        status: v.status ? 1 : 0,
      })}
      form={() => (
        <>
          <LocaleTexts
            name="texts"
            fields={[{ key: 'title', label: t('banner.title'), required: true, max: 100 }]}
          />
          <Form.Item
            name="picture"
            label={t('banner.picture')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.required') }]}
          >
            <PictureUpload max={1} />
          </Form.Item>
          <Form.Item name="position" label={t('banner.position')}>
            <Select
              options={['home', 'category'].map((p) => ({ value: p, label: t(`banner.positions.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="linkType" label={t('banner.link')}>
            <Select
              options={['none', 'goods', 'type', 'page', 'url'].map((p) => ({
                value: p,
                label: t(`banner.linkTypes.${p}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="linkValue" label={t('banner.linkValue')}>
            <Input />
          </Form.Item>
          <Form.Item name="window" label={t('banner.window')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
          </Form.Item>
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
