import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH } from '@simshop/contracts';
import { checkPhone, type PhoneValue } from './phone';

type Rule = { validator: (rule: unknown, value: unknown) => Promise<void> };
const reject = (message: string) => Promise.reject(new Error(message));

/** Form rules with the spec's messages, for antd-mobile Form.Item `rules`. */
export function authRules(t: TFunction<'auth'>) {
  const phone: Rule = {
    validator: (_, value) => {
      const res = checkPhone((value as PhoneValue | undefined) ?? { dial: '', number: '' });
      if (res.ok) return Promise.resolve();
      return reject(
        res.error === 'required'
          ? t('phoneRequired')
          : res.error === 'countryCodeRequired'
            ? t('phoneCountryCodeRequired')
            : res.error === 'notForCountry'
              ? t('phoneNotForCountry')
              : t('phoneInvalid'),
      );
    },
  };
  const code = (required: string): Rule => ({
    validator: (_, value) => {
      const v = String(value ?? '').trim();
      if (!v) return reject(required);
      return new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(v)
        ? Promise.resolve()
        : reject(t('codeDigits', { n: SMS_CODE_LENGTH }));
    },
  });
  const password: Rule = {
    validator: (_, value) => {
      const v = String(value ?? '');
      if (!v) return reject(t('passwordRequired'));
      return v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX
        ? Promise.resolve()
        : reject(t('passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }));
    },
  };
  const required = (message: string): Rule => ({
    validator: (_, value) => (String(value ?? '').trim() ? Promise.resolve() : reject(message)),
  });
  return {
    phone,
    smsCode: code(t('smsCodeRequired')),
    emailCode: code(t('emailCodeRequired')),
    password,
    required,
  };
}
