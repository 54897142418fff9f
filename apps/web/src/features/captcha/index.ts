export { CaptchaSolver, type CaptchaSolution, type CaptchaSolverProps } from './components/captcha-solver';
export { DragSlider, type DragSliderProps } from './components/drag-slider';
export {
  captchaQuery,
  useSendSmsCode,
  type SendCodeResult,
  type SendSmsCodeInput,
  type SmsCodePurpose,
} from './api/captcha.api';
