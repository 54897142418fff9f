import { useTranslation } from 'react-i18next';
import { Input } from 'antd-mobile';
import { COUNTRY_CODES, DEFAULT_DIAL_CODE, type PhoneValue } from '../model/phone';
import './auth.css';

export type PhoneInputProps = {
  id?: string;
  value?: PhoneValue;
  onChange?: (value: PhoneValue) => void;
  disabled?: boolean;
};

export const EMPTY_PHONE: PhoneValue = { dial: DEFAULT_DIAL_CODE, number: '' };

/** Country code selector (+886 first) beside the number field; `id` labels the number field. */
export function PhoneInput({ id, value = EMPTY_PHONE, onChange, disabled }: PhoneInputProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-phone">
      <select
        className="auth-phone-code"
        aria-label={t('countryCode')}
        value={value.dial}
        disabled={disabled}
        onChange={(e) => onChange?.({ ...value, dial: e.target.value })}
      >
        {COUNTRY_CODES.map((c) => (
          <option key={c.region} value={c.dial}>
            {`+${c.dial} ${t(`regions.${c.region}`)}`}
          </option>
        ))}
      </select>
      <Input
        id={id}
        className="auth-phone-number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('phonePlaceholder')}
        value={value.number}
        disabled={disabled}
        maxLength={20}
        onChange={(number) => onChange?.({ ...value, number })}
        clearable
      />
    </div>
  );
}
