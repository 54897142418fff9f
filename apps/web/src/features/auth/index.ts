export { LoginForm, isWechatBrowser } from './components/login-form';
export { RegisterFlow } from './components/register-flow';
export { ChangePasswordSheet, DeleteAccountSheet, maskPhone } from './components/account-security';
export { AgreementCheck, AGREEMENT_DOC, PRIVACY_DOC } from './components/agreement-check';
export { PhoneInput } from './components/phone-input';
export { CodeInput } from './components/code-input';
export {
  checkPhone,
  COUNTRY_CODES,
  DEFAULT_DIAL_CODE,
  type PhoneValue,
  type PhoneCheck,
} from './model/phone';
export { useResendCountdown, secondsLeft } from './model/countdown';
export { authApi } from './api/auth.api';
