import { useSelect } from '@refinedev/antd';
import { Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleTexts } from '../../shared/locale-texts';
import { PictureUpload } from '../../shared/picture-upload';
import { PAY_WAYS } from '../../shared/labels';
import { notNegative, type SpecValues } from './goods-form';

export function SpecFields({ withStock }: { withStock: boolean }) {
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
        <Form.Item name="highSpeedMbPerDay" label={t('goods.highSpeedMb')}>
          <InputNumber min={1} style={{ width: '100%' }} aria-label={t('goods.highSpeedMb')} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="throttleKbps" label={t('goods.throttleKbps')}>
          <InputNumber min={1} style={{ width: '100%' }} aria-label={t('goods.throttleKbps')} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name="hotspot" label={t('goods.hotspot')}>
          <Select
            allowClear
            aria-label={t('goods.hotspot')}
            options={[
              { value: 1, label: t('goods.hotspotYes') },
              { value: 0, label: t('goods.hotspotNo') },
            ]}
          />
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
export function GoodsFields() {
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

/** One spec row of the create form: the spec fields under `specs.<index>`. */
export function SpecListItem({ name }: { name: number }) {
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
      <Col span={3}>
        <Form.Item name={field('highSpeedMbPerDay')} label={t('goods.highSpeedMb')}>
          <InputNumber min={1} style={{ width: '100%' }} aria-label={t('goods.highSpeedMb')} />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={field('throttleKbps')} label={t('goods.throttleKbps')}>
          <InputNumber min={1} style={{ width: '100%' }} aria-label={t('goods.throttleKbps')} />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={field('hotspot')} label={t('goods.hotspot')}>
          <Select
            allowClear
            aria-label={t('goods.hotspot')}
            options={[
              { value: 1, label: t('goods.hotspotYes') },
              { value: 0, label: t('goods.hotspotNo') },
            ]}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
