import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@simshop/contracts';
import { changeLanguage, LANGUAGE_NAMES } from '../lib/i18n';

/** The language picker of the header and the login page. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('app.language')}
      size="small"
      style={{ width: 120 }}
      value={i18n.language as Locale}
      onChange={(l: Locale) => void changeLanguage(l)}
      options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
    />
  );
}
