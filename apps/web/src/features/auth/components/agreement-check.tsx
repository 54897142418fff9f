import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Checkbox } from 'antd-mobile';
import './auth.css';

export const AGREEMENT_DOC = '/pages/user/doc?type=agreement';
export const PRIVACY_DOC = '/pages/user/doc?type=privacy';

/**
 * The agreement checkbox (its label is the whole sentence, so it is also its accessible name), followed by
 * links to both documents (outside the label, so following a link does not tick the box).
 */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-agreement">
      <Checkbox
        checked={checked}
        onChange={onChange}
        style={{ '--icon-size': '18px', '--font-size': '13px' }}
      >
        {t('agreementCheckbox')}
      </Checkbox>
      <span className="auth-agreement-links">
        <Link to={AGREEMENT_DOC}>{t('agreementLink')}</Link>
        <Link to={PRIVACY_DOC}>{t('privacyLink')}</Link>
      </span>
    </div>
  );
}
