import { useMutation } from '@tanstack/react-query';
import type { AccountKind, TokenResponse } from '@simshop/contracts';
import { request } from '../../../lib/request';

export type SmsLoginInput = { phone: string; smsCode: string; agreement: boolean };
export type PasswordCaptcha = { captchaId?: string; captchaAnswer?: number };
export type PhonePasswordLoginInput = { phone: string; password: string } & PasswordCaptcha;
export type AccountPasswordLoginInput = { account: string; password: string } & PasswordCaptcha;
export type WechatAuthorize = { url: string; state: string; nonce: string };
export type WechatLoginResult = TokenResponse & { redirect: string; isNew: boolean };
export type RegisterInput = {
  phone: string;
  smsCode: string;
  password: string;
  kind: AccountKind;
  agreement: boolean;
};
export type RegisterResult = TokenResponse & { registerStep: number };
export type PersonalStep2Input = { nickname: string; email?: string; emailCode?: string };
export type CompanyStep2Input = {
  companyName: string;
  ubn: string;
  contactName: string;
  email: string;
  emailCode: string;
};
export type SendEmailCodeInput = { email: string; captchaId: string; captchaAnswer: number };

const post =
  <In, Out>(url: string) =>
  (data: In) =>
    request<Out>({ url, method: 'POST', data });

export const authApi = {
  smsLogin: post<SmsLoginInput, TokenResponse>('app/user/account/login'),
  phonePasswordLogin: post<PhonePasswordLoginInput, TokenResponse>('app/user/login/phonePassword'),
  accountPasswordLogin: post<AccountPasswordLoginInput, TokenResponse>('app/user/login/password'),
  wechatAuthorizeUrl: (redirect: string) =>
    request<WechatAuthorize>({ url: 'app/user/login/wechatAuthorizeUrl', params: { redirect } }),
  wechatLogin: post<{ code: string; state: string; nonce: string }, WechatLoginResult>(
    'app/user/login/wechat',
  ),
  register: post<RegisterInput, RegisterResult>('app/user/account/register'),
  personalStep2: post<PersonalStep2Input, { registerStep: number }>(
    'app/user/account/personal/registerStep2',
  ),
  companyStep2: post<CompanyStep2Input, { registerStep: number }>('app/user/account/company/registerStep2'),
  sendEmailCode: post<SendEmailCodeInput, { target: string; resendAfter: number }>(
    'app/user/comm/sendEmailCode',
  ),
  updatePassword: post<{ password: string; smsCode: string }, unknown>('app/user/info/updatePassword'),
  logoff: post<{ smsCode: string }, unknown>('app/user/info/logoff'),
};

export const useSmsLogin = () => useMutation({ mutationFn: authApi.smsLogin });
export const usePhonePasswordLogin = () => useMutation({ mutationFn: authApi.phonePasswordLogin });
export const useAccountPasswordLogin = () => useMutation({ mutationFn: authApi.accountPasswordLogin });
export const useWechatLogin = () => useMutation({ mutationFn: authApi.wechatLogin });
export const useRegister = () => useMutation({ mutationFn: authApi.register });
export const usePersonalStep2 = () => useMutation({ mutationFn: authApi.personalStep2 });
export const useCompanyStep2 = () => useMutation({ mutationFn: authApi.companyStep2 });
export const useSendEmailCode = () => useMutation({ mutationFn: authApi.sendEmailCode });
export const useUpdatePassword = () => useMutation({ mutationFn: authApi.updatePassword });
export const useLogoff = () => useMutation({ mutationFn: authApi.logoff });
