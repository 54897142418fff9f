import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Form, Input, Radio, Result, Steps } from 'antd-mobile';
import {
  charCount,
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  isValidUbn,
  type AccountKind,
} from '@simshop/contracts';
import { emit } from '../../../lib/events';
import { HOME_PATH, redirectTarget } from '../../../lib/navigation';
import { sessionStore, useSession } from '../../../lib/session';
import { useSendSmsCode } from '../../captcha';
import { useCompanyStep2, usePersonalStep2, useRegister, useSendEmailCode } from '../api/auth.api';
import { checkPhone, type PhoneValue } from '../model/phone';
import { authRules } from '../model/rules';
import { AgreementCheck } from './agreement-check';
import { useCodeSender } from './code-sender';
import { CodeInput } from './code-input';
import { EMPTY_PHONE, PhoneInput } from './phone-input';
import { errorMessage, toast } from '../../../shared';
import './auth.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Step1Values = { kind: AccountKind; phone: PhoneValue; smsCode: string; password: string };

/**
 * Registration in two steps: (1) account kind, mobile number + SMS code, password, agreement; (2) the
 * personal (nickname, optional e-mail) or company (name, unified business number, contact, confirmed
 * e-mail) details. A signed-in user whose registration stopped after step 1 starts at step 2.
 */
export function RegisterFlow() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const { userInfo } = useSession();
  const pendingStep2 = userInfo?.registerStep === 1;
  const [kind, setKind] = useState<AccountKind>(userInfo?.kind ?? 'personal');
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (userInfo?.registerStep === 1) setKind(userInfo.kind);
  }, [userInfo]);

  const complete = async () => {
    setDone(true);
    await sessionStore.loadUser();
    toast(t('registered'), 'success');
    emit('afterLogin', 'register');
    void navigate(redirectTarget(location.search), { replace: true });
  };

  if (userInfo && userInfo.registerStep >= 2 && !done) {
    return (
      <Result
        status="info"
        title={t('alreadyRegistered')}
        description={
          <Link to={HOME_PATH} replace>
            {t('goHome')}
          </Link>
        }
      />
    );
  }

  const step = pendingStep2 || done ? 1 : 0;
  return (
    <div className="auth-form">
      <Steps current={step} className="auth-steps">
        <Steps.Step title={t('step1')} />
        <Steps.Step title={t('step2')} />
      </Steps>
      {step === 0 ? (
        <RegisterStep1 kind={kind} onKind={setKind} onDone={complete} />
      ) : kind === 'company' ? (
        <CompanyStep2 onDone={complete} />
      ) : (
        <PersonalStep2 onDone={complete} />
      )}
    </div>
  );
}

function RegisterStep1({
  kind,
  onKind,
  onDone,
}: {
  kind: AccountKind;
  onKind: (k: AccountKind) => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const rules = authRules(t);
  const [form] = Form.useForm<Step1Values>();
  const [agreement, setAgreement] = useState(false);
  const sender = useCodeSender('register');
  const sendSms = useSendSmsCode();
  const register = useRegister();

  const getCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    const res = checkPhone(form.getFieldValue('phone') as PhoneValue);
    if (!res.ok) return;
    sender.send(
      (proof) => sendSms.mutateAsync({ phone: res.e164, purpose: 'register', ...proof }),
      t('smsSent'),
    );
  };

  const submit = async (values: Step1Values) => {
    if (!agreement) return toast(t('agreementRequired'));
    const res = checkPhone(values.phone);
    if (!res.ok) return;
    try {
      const out = await register.mutateAsync({
        phone: res.e164,
        smsCode: values.smsCode.trim(),
        password: values.password,
        kind: values.kind,
        agreement: true,
      });
      sessionStore.setTokens(out);
      await sessionStore.loadUser(); // registerStep 1: the flow moves on to step 2
      if (out.registerStep >= 2) await onDone();
    } catch (e) {
      toast(errorMessage(e, t('registerFailed')), 'fail');
    }
  };

  return (
    <Form
      form={form}
      name="register"
      requiredMarkStyle="none"
      initialValues={{ kind, phone: EMPTY_PHONE, smsCode: '', password: '' }}
      onValuesChange={(changed: Partial<Step1Values>) => changed.kind && onKind(changed.kind)}
      onFinish={(v) => void submit(v)}
      footer={
        <>
          <AgreementCheck checked={agreement} onChange={setAgreement} />
          <Button block type="submit" color="primary" size="large" loading={register.isPending}>
            {t('next')}
          </Button>
        </>
      }
    >
      <Form.Item name="kind" label={t('accountKind')}>
        <Radio.Group>
          <div className="auth-kinds">
            <Radio value="personal">{t('kindPersonal')}</Radio>
            <Radio value="company">{t('kindCompany')}</Radio>
          </div>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={[rules.phone]} validateTrigger="onBlur">
        <PhoneInput />
      </Form.Item>
      <Form.Item name="smsCode" label={t('smsCode')} rules={[rules.smsCode]} validateTrigger="onSubmit">
        <CodeInput
          remaining={sender.remaining}
          onGetCode={() => void getCode()}
          sending={sendSms.isPending}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password')}
        rules={[rules.password]}
        help={t('passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      >
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          placeholder={t('passwordPlaceholder')}
        />
      </Form.Item>
      {sender.popup}
    </Form>
  );
}

function PersonalStep2({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation('auth');
  const rules = authRules(t);
  const [form] = Form.useForm<{ nickname: string; email: string; emailCode: string }>();
  const sender = useCodeSender('email');
  const sendEmail = useSendEmailCode();
  const step2 = usePersonalStep2();
  // an address is kept only once its code proves it belongs to this person
  const getCode = async () => {
    const email = String(form.getFieldValue('email') ?? '').trim();
    try {
      await form.validateFields(['email']);
    } catch {
      return;
    }
    if (!email) return toast(t('emailRequired'));
    sender.send((proof) => sendEmail.mutateAsync({ email, ...proof }), t('emailSent'));
  };
  const submit = async (v: { nickname: string; email: string; emailCode: string }) => {
    try {
      const email = v.email?.trim();
      await step2.mutateAsync({
        nickname: v.nickname.trim(),
        ...(email ? { email, emailCode: v.emailCode.trim() } : {}),
      });
      await onDone();
    } catch (e) {
      toast(errorMessage(e, t('registerFailed')), 'fail');
    }
  };
  return (
    <Form
      form={form}
      name="personal"
      requiredMarkStyle="none"
      initialValues={{ nickname: '', email: '', emailCode: '' }}
      onFinish={(v) => void submit(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={step2.isPending}>
          {t('finish')}
        </Button>
      }
    >
      <Form.Item
        name="nickname"
        label={t('nickname')}
        rules={[
          rules.required(t('nicknameRequired')),
          {
            validator: (_, v) =>
              charCount(String(v ?? '').trim()) <= NICKNAME_MAX
                ? Promise.resolve()
                : Promise.reject(new Error(t('nicknameMax', { max: NICKNAME_MAX }))),
          },
        ]}
      >
        <Input
          autoComplete="nickname"
          placeholder={t('nicknamePlaceholder', { max: NICKNAME_MAX })}
          clearable
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('emailOptional')}
        rules={[
          {
            validator: (_, v) =>
              !String(v ?? '').trim() || EMAIL.test(String(v).trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('emailInvalid'))),
          },
        ]}
      >
        <Input type="email" autoComplete="email" inputMode="email" maxLength={254} clearable />
      </Form.Item>
      <Form.Item
        name="emailCode"
        label={t('emailCode')}
        rules={[
          {
            validator: (_, v) =>
              !String(form.getFieldValue('email') ?? '').trim()
                ? Promise.resolve()
                : /^\d{6}$/.test(String(v ?? '').trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('emailCodeRequired'))),
          },
        ]}
        validateTrigger="onSubmit"
      >
        <CodeInput
          remaining={sender.remaining}
          onGetCode={() => void getCode()}
          sending={sendEmail.isPending}
        />
      </Form.Item>
      {sender.popup}
    </Form>
  );
}

type CompanyValues = {
  companyName: string;
  ubn: string;
  contactName: string;
  email: string;
  emailCode: string;
};

function CompanyStep2({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation('auth');
  const rules = authRules(t);
  const [form] = Form.useForm<CompanyValues>();
  const sender = useCodeSender('email');
  const sendEmail = useSendEmailCode();
  const step2 = useCompanyStep2();

  const emailRule = {
    validator: (_: unknown, v: unknown) => {
      const s = String(v ?? '').trim();
      if (!s) return Promise.reject(new Error(t('emailRequired')));
      return EMAIL.test(s) ? Promise.resolve() : Promise.reject(new Error(t('emailInvalid')));
    },
  };

  const getCode = async () => {
    try {
      await form.validateFields(['email']);
    } catch {
      return;
    }
    const email = String(form.getFieldValue('email')).trim();
    sender.send((proof) => sendEmail.mutateAsync({ email, ...proof }), t('emailSent'));
  };

  const submit = async (v: CompanyValues) => {
    try {
      await step2.mutateAsync({
        companyName: v.companyName.trim(),
        ubn: v.ubn.trim(),
        contactName: v.contactName.trim(),
        email: v.email.trim(),
        emailCode: v.emailCode.trim(),
      });
      await onDone();
    } catch (e) {
      toast(errorMessage(e, t('registerFailed')), 'fail');
    }
  };

  return (
    <Form
      form={form}
      name="company"
      requiredMarkStyle="none"
      initialValues={{ companyName: '', ubn: '', contactName: '', email: '', emailCode: '' }}
      onFinish={(v) => void submit(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={step2.isPending}>
          {t('finish')}
        </Button>
      }
    >
      <Form.Item
        name="companyName"
        label={t('companyName')}
        rules={[
          rules.required(t('companyNameRequired')),
          {
            validator: (_, v) =>
              String(v ?? '').trim().length >= 2
                ? Promise.resolve()
                : Promise.reject(new Error(t('companyNameShort'))),
          },
        ]}
      >
        <Input autoComplete="organization" maxLength={100} clearable />
      </Form.Item>
      <Form.Item
        name="ubn"
        label={t('ubn')}
        rules={[
          rules.required(t('ubnRequired')),
          {
            validator: (_, v) =>
              isValidUbn(String(v ?? '').trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('ubnInvalid'))),
          },
        ]}
        help={t('ubnHint')}
      >
        <Input inputMode="numeric" maxLength={8} clearable />
      </Form.Item>
      <Form.Item
        name="contactName"
        label={t('contactName')}
        rules={[rules.required(t('contactNameRequired'))]}
      >
        <Input autoComplete="name" maxLength={50} clearable />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[emailRule]} validateTrigger="onBlur">
        <Input type="email" autoComplete="email" inputMode="email" maxLength={254} clearable />
      </Form.Item>
      <Form.Item name="emailCode" label={t('emailCode')} rules={[rules.emailCode]} validateTrigger="onSubmit">
        <CodeInput
          remaining={sender.remaining}
          onGetCode={() => void getCode()}
          sending={sendEmail.isPending}
        />
      </Form.Item>
      {sender.popup}
    </Form>
  );
}
