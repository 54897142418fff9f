import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Form, Input, Tabs, Toast } from 'antd-mobile';
import { ErrorCode, PASSWORD_MAX, type LoginType, type TokenResponse } from '@simshop/contracts';
import { loginUrl, redirectTarget } from '../../../lib/navigation';
import { sessionStore } from '../../../lib/session';
import {
  authApi,
  useAccountPasswordLogin,
  usePhonePasswordLogin,
  useSmsLogin,
  useWechatLogin,
} from '../api/auth.api';
import { useResendCountdown } from '../model/countdown';
import { clearDraft, readDraft, writeDraft } from '../model/draft';
import { checkPhone, type PhoneValue } from '../model/phone';
import { authRules } from '../model/rules';
import { AgreementCheck } from './agreement-check';
import { useCaptchaPopup } from './captcha-popup';
import { CodeInput } from './code-input';
import { EMPTY_PHONE, PhoneInput } from './phone-input';
import { errorCode, errorMessage, toast } from '../../../shared';
import './auth.css';

const DRAFT = 'login';
export const CAPTCHA_PAGE = '/pages/user/captcha';
export const REGISTER_PAGE = '/pages/user/register';
export const WECHAT_STATE_KEY = 'wechatState';
/** Path of the server's WeChat simulator in demo mode. */
const WECHAT_SIMULATOR = '/sim/wechat/';

/** Inside WeChat's own browser (the only place a real WeChat authorisation can open). */
export const isWechatBrowser = () =>
  typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);

type SmsValues = { phone: PhoneValue; smsCode: string };
type PasswordValues = { phone?: PhoneValue; account?: string; password: string };
type Captcha = { captchaId: string; captchaAnswer: number };

/**
 * The login page's form: mobile number + SMS code (the code is sent from the captcha page, which comes
 * back here with sent=1), password login by mobile number or account name, and WeChat one-key login.
 * Every way in needs the agreement ticked.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const rules = authRules(t);
  const [draft] = useState(() => readDraft(DRAFT));
  const [mode, setMode] = useState<'sms' | 'password'>(draft.mode ?? 'sms');
  const [by, setBy] = useState<'phone' | 'account'>('phone');
  const [agreement, setAgreementState] = useState(Boolean(draft.agreement));
  const [busy, setBusy] = useState(false);
  const [smsForm] = Form.useForm<SmsValues>();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const countdown = useResendCountdown(DRAFT);
  const { start: startCountdown } = countdown;
  const captcha = useCaptchaPopup();
  const smsLogin = useSmsLogin();
  const phonePasswordLogin = usePhonePasswordLogin();
  const accountPasswordLogin = useAccountPasswordLogin();
  const wechatLogin = useWechatLogin();

  const saveDraft = (patch: Partial<ReturnType<typeof readDraft>>) =>
    writeDraft(DRAFT, {
      phone: smsForm.getFieldValue('phone') ?? draft.phone,
      agreement,
      mode,
      ...patch,
    });

  const setAgreement = (v: boolean) => {
    setAgreementState(v);
    saveDraft({ agreement: v });
  };

  // Back from the captcha page with the code sent: start the "retry in {n}s" countdown, once.
  useEffect(() => {
    if (params.get('sent') !== '1') return;
    startCountdown();
    const next = new URLSearchParams(params);
    next.delete('sent');
    setParams(next, { replace: true });
  }, [params, setParams, startCountdown]);

  // Back from WeChat (or its demo simulator) with code and state: exchange them for a session.
  const wechatHandled = useRef(false);
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state || wechatHandled.current) return;
    wechatHandled.current = true;
    // The login must have started in this browser: it kept the state and the nonce that binds it. A
    // callback without them (a link someone else made from their own login) is refused here too.
    let started: { state?: string; nonce?: string } = {};
    try {
      started = JSON.parse(sessionStorage.getItem(WECHAT_STATE_KEY) ?? '{}') as typeof started;
      sessionStorage.removeItem(WECHAT_STATE_KEY);
    } catch {
      // unreadable: treated as not started here
    }
    const clean = new URLSearchParams(params);
    clean.delete('code');
    clean.delete('state');
    const failed = () => {
      toast(t('wechatAuthFailed'), 'fail');
      setParams(clean, { replace: true });
    };
    if (!started.nonce || started.state !== state) return failed();
    Toast.show({ icon: 'loading', content: t('loggingIn'), duration: 0 });
    wechatLogin
      .mutateAsync({ code, state, nonce: started.nonce })
      .then(async (res) => {
        // sessionStore.login returns to the page the visitor wanted, which WeChat kept in the state.
        window.history.replaceState(window.history.state, '', loginUrl(res.redirect));
        Toast.clear();
        await finish(res, 'wechat');
      })
      .catch(() => {
        Toast.clear();
        failed();
      });
    // wechatHandled makes this run once per callback, however often the mutation's state re-renders it
  }, [params, setParams, t, wechatLogin]);

  async function finish(tokens: TokenResponse, type: LoginType) {
    clearDraft(DRAFT);
    await sessionStore.login(tokens, type);
  }

  const getCode = async () => {
    try {
      await smsForm.validateFields(['phone']);
    } catch {
      return;
    }
    const phone = smsForm.getFieldValue('phone') as PhoneValue;
    const res = checkPhone(phone);
    if (!res.ok) return;
    saveDraft({ phone });
    const back = new URLSearchParams(location.search);
    back.delete('sent');
    const rest = back.toString();
    const here = `${location.pathname}${rest ? `?${rest}` : ''}`;
    const q = new URLSearchParams({ type: 'slide', phone: res.e164, purpose: 'login', redirect: here });
    void navigate(`${CAPTCHA_PAGE}?${q.toString()}`);
  };

  const loginBySms = async ({ phone, smsCode }: SmsValues) => {
    if (!agreement) return toast(t('agreementRequired'));
    const res = checkPhone(phone);
    if (!res.ok) return;
    setBusy(true);
    try {
      const tokens = await smsLogin.mutateAsync({
        phone: res.e164,
        smsCode: smsCode.trim(),
        agreement: true,
      });
      await finish(tokens, 'sms');
    } catch (e) {
      toast(errorMessage(e, t('loginFailed')), 'fail');
    } finally {
      setBusy(false);
    }
  };

  const loginByPassword = async (values: PasswordValues) => {
    if (!agreement) return toast(t('agreementRequired'));
    let attempt: (c?: Captcha) => Promise<TokenResponse>;
    let type: LoginType;
    if (by === 'phone') {
      const res = checkPhone(values.phone ?? EMPTY_PHONE);
      if (!res.ok) return;
      attempt = (c) => phonePasswordLogin.mutateAsync({ phone: res.e164, password: values.password, ...c });
      type = 'phonePassword';
    } else {
      const account = (values.account ?? '').trim();
      attempt = (c) => accountPasswordLogin.mutateAsync({ account, password: values.password, ...c });
      type = 'password';
    }
    setBusy(true);
    try {
      await finish(await attempt(), type);
    } catch (e) {
      if (errorCode(e) !== ErrorCode.CAPTCHA_REQUIRED) {
        toast(errorMessage(e, t('loginFailed')), 'fail');
        return;
      }
      // After repeated failures the server wants a solved captcha with the next try.
      toast(errorMessage(e, t('captchaTitle')));
      captcha.ask(async ({ captchaId, answer }) => {
        let tokens: TokenResponse;
        try {
          tokens = await attempt({ captchaId, captchaAnswer: answer });
        } catch (err) {
          if (errorCode(err) === ErrorCode.CAPTCHA_INVALID) throw err;
          captcha.close();
          toast(errorMessage(err, t('loginFailed')), 'fail');
          return;
        }
        captcha.close();
        await finish(tokens, type);
      });
    } finally {
      setBusy(false);
    }
  };

  const loginByWechat = async () => {
    if (!agreement) return toast(t('agreementRequired'));
    setBusy(true);
    try {
      const { url, state, nonce } = await authApi.wechatAuthorizeUrl(redirectTarget(location.search));
      const target = new URL(url, window.location.origin);
      // Outside WeChat only the demo simulator (served by this shop under /sim/wechat) can authorise.
      const simulator =
        target.origin === window.location.origin || target.pathname.startsWith(WECHAT_SIMULATOR);
      if (!isWechatBrowser() && !simulator) {
        toast(t('wechatUnsupported'));
        return;
      }
      try {
        sessionStorage.setItem(WECHAT_STATE_KEY, JSON.stringify({ state, nonce }));
      } catch {
        // without storage this browser cannot prove it started the login: WeChat login is unavailable
        toast(t('wechatAuthFailed'), 'fail');
        return;
      }
      window.location.assign(target.href);
    } catch {
      toast(isWechatBrowser() ? t('wechatAuthFailed') : t('wechatUnsupported'));
    } finally {
      setBusy(false);
    }
  };

  const wanted = params.get('redirect');
  const registerLink = wanted ? `${REGISTER_PAGE}?redirect=${encodeURIComponent(wanted)}` : REGISTER_PAGE;

  const switchMode = (key: string) => {
    const next = key === 'password' ? 'password' : 'sms';
    setMode(next);
    saveDraft({ mode: next });
  };

  return (
    <div className="auth-form">
      <p className="auth-welcome">{t('welcome')}</p>
      <Tabs activeKey={mode} onChange={switchMode} className="auth-tabs">
        <Tabs.Tab title={t('smsLogin')} key="sms" />
        <Tabs.Tab title={t('passwordLogin')} key="password" />
      </Tabs>

      {mode === 'sms' ? (
        <Form
          form={smsForm}
          name="smsLogin"
          requiredMarkStyle="none"
          initialValues={{ phone: draft.phone ?? EMPTY_PHONE, smsCode: '' }}
          onFinish={(v: SmsValues) => void loginBySms(v)}
          footer={
            <>
              <AgreementCheck checked={agreement} onChange={setAgreement} />
              <Button block type="submit" color="primary" size="large" loading={busy}>
                {t('login')}
              </Button>
            </>
          }
        >
          <Form.Item name="phone" label={t('phone')} rules={[rules.phone]} validateTrigger="onBlur">
            <PhoneInput />
          </Form.Item>
          <Form.Item name="smsCode" label={t('smsCode')} rules={[rules.smsCode]} validateTrigger="onSubmit">
            <CodeInput remaining={countdown.remaining} onGetCode={() => void getCode()} />
          </Form.Item>
        </Form>
      ) : (
        <Form
          form={passwordForm}
          name="passwordLogin"
          requiredMarkStyle="none"
          initialValues={{ phone: draft.phone ?? EMPTY_PHONE, account: '', password: '' }}
          onFinish={(v: PasswordValues) => void loginByPassword(v)}
          footer={
            <>
              <AgreementCheck checked={agreement} onChange={setAgreement} />
              <Button block type="submit" color="primary" size="large" loading={busy}>
                {t('login')}
              </Button>
            </>
          }
        >
          {by === 'phone' ? (
            <Form.Item name="phone" label={t('phone')} rules={[rules.phone]} validateTrigger="onBlur">
              <PhoneInput />
            </Form.Item>
          ) : (
            <Form.Item name="account" label={t('account')} rules={[rules.required(t('accountRequired'))]}>
              <Input autoComplete="username" placeholder={t('accountPlaceholder')} maxLength={64} clearable />
            </Form.Item>
          )}
          <Form.Item name="password" label={t('password')} rules={[rules.required(t('passwordRequired'))]}>
            <Input
              type="password"
              autoComplete="current-password"
              placeholder={t('passwordPlaceholder')}
              maxLength={PASSWORD_MAX}
            />
          </Form.Item>
          <div className="auth-inline-links">
            <Button
              size="mini"
              fill="none"
              color="primary"
              onClick={() => setBy(by === 'phone' ? 'account' : 'phone')}
            >
              {t(by === 'phone' ? 'useAccount' : 'usePhone')}
            </Button>
          </div>
        </Form>
      )}

      <div className="auth-other">
        <p className="auth-other-title">{t('otherWays')}</p>
        <Button className="auth-wechat" shape="rounded" onClick={() => void loginByWechat()} disabled={busy}>
          {t('wechatLogin')}
        </Button>
      </div>

      <p className="auth-switch">
        {t('noAccount')} <Link to={registerLink}>{t('registerNow')}</Link>
      </p>
      {captcha.popup}
    </div>
  );
}
