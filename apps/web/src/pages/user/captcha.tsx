import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import type { CaptchaKind } from '@simshop/contracts';
import { Page } from '../../app/page';
import {
  CaptchaSolver,
  useSendSmsCode,
  type CaptchaSolution,
  type SmsCodePurpose,
} from '../../features/captcha';
import { toast } from '../../shared';

const LOGIN_PATH = '/pages/user/login';
const PURPOSES: SmsCodePurpose[] = ['login', 'register', 'password', 'bindPhone', 'logoff'];

/** Where to go after sending: the caller's page (same origin only, never an open redirect) with sent=1. */
function returnUrl(redirect: string | null): string {
  const origin = window.location.origin;
  let url: URL;
  try {
    url = new URL(
      redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : LOGIN_PATH,
      origin,
    );
  } catch {
    url = new URL(LOGIN_PATH, origin);
  }
  if (url.origin !== origin) url = new URL(LOGIN_PATH, origin);
  url.searchParams.set('sent', '1');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /pages/user/captcha?type=slide|rotate&phone=...&purpose=login&redirect=<url>: solve the captcha, which
 * vouches for the SMS code send; then back to `redirect` with sent=1 (the login page starts its countdown).
 */
export function CaptchaPage() {
  const { t } = useTranslation('captcha');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type: CaptchaKind = params.get('type') === 'rotate' ? 'rotate' : 'slide';
  const phone = params.get('phone')?.trim() ?? '';
  const purposeParam = params.get('purpose') as SmsCodePurpose | null;
  const purpose: SmsCodePurpose = purposeParam && PURPOSES.includes(purposeParam) ? purposeParam : 'login';
  const redirect = params.get('redirect');
  const sendSmsCode = useSendSmsCode();

  const other: CaptchaKind = type === 'slide' ? 'rotate' : 'slide';
  const switchParams = new URLSearchParams(params);
  switchParams.set('type', other);

  const onSolve = async ({ captchaId, answer }: CaptchaSolution) => {
    await sendSmsCode.mutateAsync({ phone, purpose, captchaId, captchaAnswer: answer });
    toast(t('smsSent'), 'success');
    void navigate(returnUrl(redirect), { replace: true });
  };

  return (
    <Page title={t('title')}>
      {phone ? (
        <>
          <CaptchaSolver type={type} onSolve={onSolve} />
          <Link className="captcha-switch" to={{ search: `?${switchParams.toString()}` }} replace>
            {t(other === 'rotate' ? 'switchToRotate' : 'switchToSlide')}
          </Link>
        </>
      ) : (
        <div className="captcha-solver">
          <p className="captcha-hint">{t('missingPhone')}</p>
          <Button color="primary" onClick={() => navigate(LOGIN_PATH, { replace: true })}>
            {t('backToLogin')}
          </Button>
        </div>
      )}
    </Page>
  );
}

export default CaptchaPage;
