import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody, type ApiData } from '../../../lib/api/client';

export type SmsLoginInput = ApiBody<'post', 'app/user/account/login'>;
export type PhonePasswordLoginInput = ApiBody<'post', 'app/user/login/phonePassword'>;
export type AccountPasswordLoginInput = ApiBody<'post', 'app/user/login/password'>;
export type PasswordCaptcha = Pick<AccountPasswordLoginInput, 'captchaId' | 'captchaAnswer'>;
export type WechatAuthorize = ApiData<'get', 'app/user/login/wechatAuthorizeUrl'>;
export type WechatLoginResult = ApiData<'post', 'app/user/login/wechat'>;
export type RegisterInput = ApiBody<'post', 'app/user/account/register'>;
export type RegisterResult = ApiData<'post', 'app/user/account/register'>;
export type PersonalStep2Input = ApiBody<'post', 'app/user/account/personal/registerStep2'>;
export type CompanyStep2Input = ApiBody<'post', 'app/user/account/company/registerStep2'>;
export type SendEmailCodeInput = ApiBody<'post', 'app/user/comm/sendEmailCode'>;

export const authApi = {
  smsLogin: (body: SmsLoginInput) => api.post('app/user/account/login', { body }),
  phonePasswordLogin: (body: PhonePasswordLoginInput) => api.post('app/user/login/phonePassword', { body }),
  accountPasswordLogin: (body: AccountPasswordLoginInput) => api.post('app/user/login/password', { body }),
  wechatAuthorizeUrl: (redirect: string) =>
    api.get('app/user/login/wechatAuthorizeUrl', { query: { redirect } }),
  wechatLogin: (body: ApiBody<'post', 'app/user/login/wechat'>) =>
    api.post('app/user/login/wechat', { body }),
  register: (body: RegisterInput) => api.post('app/user/account/register', { body }),
  personalStep2: (body: PersonalStep2Input) => api.post('app/user/account/personal/registerStep2', { body }),
  companyStep2: (body: CompanyStep2Input) => api.post('app/user/account/company/registerStep2', { body }),
  sendEmailCode: (body: SendEmailCodeInput) => api.post('app/user/comm/sendEmailCode', { body }),
  updatePassword: (body: { password: string; smsCode: string }) =>
    api.post('app/user/info/updatePassword', { body }),
  logoff: (body: { smsCode: string }) => api.post('app/user/info/logoff', { body }),
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
