import { useTranslation } from 'react-i18next';
import { Button, Input } from 'antd-mobile';
import { SMS_CODE_LENGTH } from '@simshop/contracts';
import './auth.css';

export type CodeInputProps = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Seconds before another code may be requested; the button shows "retry in {n}s" meanwhile. */
  remaining: number;
  onGetCode: () => void;
  /** Sending in progress. */
  sending?: boolean;
};

/** The 6-digit code field with its "Get code" button. */
export function CodeInput({ id, value = '', onChange, remaining, onGetCode, sending }: CodeInputProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-code">
      <Input
        id={id}
        className="auth-code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('codePlaceholder')}
        maxLength={SMS_CODE_LENGTH}
        value={value}
        onChange={(v) => onChange?.(v.replace(/\D/g, ''))}
      />
      <Button
        size="small"
        color="primary"
        fill="outline"
        className="auth-code-button"
        disabled={remaining > 0 || sending}
        loading={sending}
        onClick={onGetCode}
      >
        {remaining > 0 ? t('retryIn', { n: remaining }) : t('getCode')}
      </Button>
    </div>
  );
}
