import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading, ErrorBlock, Form, Input, Radio } from 'antd-mobile';
import { realNameQuery, useSubmitRealName, type IdType, type RealName } from '../api/user.api';
import { errorMessage, toast } from '../../../shared';
import './user.css';

// National ID (second digit 1/2) and resident certificates (8/9, or A-D in the old format).
const TW_ID = /^[A-Z][1289A-D]\d{8}$/;
const PASSPORT = /^[A-Z0-9]{5,20}$/;

type Values = { legalName: string; idType: IdType; idNumber: string };

/** Status of the real-name verification, and the form while there is nothing verified or pending. */
export function RealNameVerification() {
  const { t } = useTranslation('user');
  const query = useQuery(realNameQuery);

  if (query.isPending) {
    return (
      <p className="user-note" role="status">
        {t('realName.loading')}
        <DotLoading />
      </p>
    );
  }
  if (query.isError) {
    return (
      <ErrorBlock
        status="default"
        title={errorMessage(query.error, t('realName.loadFailed'))}
        description={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('realName.retry')}
          </Button>
        }
      />
    );
  }
  const data = query.data;
  return (
    <>
      <StatusCard data={data} />
      {data.status === 'none' || data.status === 'rejected' ? <RealNameForm /> : null}
    </>
  );
}

function StatusCard({ data }: { data: RealName }) {
  const { t } = useTranslation('user');
  return (
    <section className="user-section user-realname-status" aria-labelledby="realname-status">
      <h2 id="realname-status" className="user-section-title">
        {t('realName.statusTitle')}
      </h2>
      <p className={`user-status user-status-${data.status}`}>{t(`realName.status.${data.status}`)}</p>
      {data.status === 'rejected' && data.reason ? (
        <p className="user-note">{t('realName.reason', { reason: data.reason })}</p>
      ) : null}
      {data.status !== 'none' && data.legalName ? (
        <dl className="user-details">
          <dt>{t('realName.legalName')}</dt>
          <dd>{data.legalName}</dd>
          {data.idType ? (
            <>
              <dt>{t('realName.idType')}</dt>
              <dd>{t(`realName.idTypes.${data.idType}`)}</dd>
            </>
          ) : null}
          {data.idNumber ? (
            <>
              <dt>{t('realName.idNumber')}</dt>
              <dd>{data.idNumber}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {data.status === 'none' ? <p className="user-note">{t('realName.intro')}</p> : null}
    </section>
  );
}

function RealNameForm() {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<Values>();
  const submit = useSubmitRealName();

  const onFinish = async (v: Values) => {
    try {
      await submit.mutateAsync({
        legalName: v.legalName.trim(),
        idType: v.idType,
        idNumber: v.idNumber.trim().toUpperCase(),
      });
      toast(t('realName.submitted'), 'success');
    } catch (e) {
      toast(errorMessage(e, t('realName.submitFailed')), 'fail');
    }
  };

  return (
    <Form
      form={form}
      name="realName"
      requiredMarkStyle="none"
      initialValues={{ legalName: '', idType: 'TW_ID', idNumber: '' }}
      onFinish={(v) => void onFinish(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submit.isPending}>
          {t('realName.submit')}
        </Button>
      }
    >
      <Form.Item
        name="legalName"
        label={t('realName.legalName')}
        rules={[{ required: true, whitespace: true, message: t('realName.legalNameRequired') }]}
      >
        <Input autoComplete="name" maxLength={60} clearable />
      </Form.Item>
      <Form.Item name="idType" label={t('realName.idType')}>
        <Radio.Group>
          <div className="user-radio-row">
            <Radio value="TW_ID">{t('realName.idTypes.TW_ID')}</Radio>
            <Radio value="PASSPORT">{t('realName.idTypes.PASSPORT')}</Radio>
          </div>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="idNumber"
        label={t('realName.idNumber')}
        dependencies={['idType']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, v) => {
              const s = String(v ?? '')
                .trim()
                .toUpperCase();
              if (!s) return Promise.reject(new Error(t('realName.idNumberRequired')));
              const ok = getFieldValue('idType') === 'PASSPORT' ? PASSPORT.test(s) : TW_ID.test(s);
              return ok ? Promise.resolve() : Promise.reject(new Error(t('realName.idNumberInvalid')));
            },
          }),
        ]}
      >
        <Input autoComplete="off" maxLength={20} clearable />
      </Form.Item>
      <p className="user-note">{t('realName.privacy')}</p>
    </Form>
  );
}
