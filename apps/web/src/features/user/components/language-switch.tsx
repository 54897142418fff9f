import { useTranslation } from 'react-i18next';
import { Radio } from 'antd-mobile';
import { LOCALES, type Locale } from '@simshop/contracts';
import { currentLanguage, setLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useUpdatePerson } from '../api/user.api';
import { errorMessage, toast } from '../../../shared';
import './user.css';

/** Each language by its own name, the way people look for it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

/** The five languages; a choice applies at once and is saved to the profile when signed in. */
export function LanguageSwitch() {
  const { t } = useTranslation('user');
  const { isLoggedIn } = useSession();
  const update = useUpdatePerson();
  const current = currentLanguage();

  const change = async (lng: Locale) => {
    if (lng === current) return;
    await setLanguage(lng);
    if (!isLoggedIn) return;
    try {
      await update.mutateAsync({ language: lng });
    } catch (e) {
      toast(errorMessage(e, t('set.saveFailed')), 'fail');
    }
  };

  return (
    <section className="user-section" aria-labelledby="set-language">
      <h2 id="set-language" className="user-section-title">
        {t('set.language')}
      </h2>
      <Radio.Group value={current} onChange={(v) => void change(v as Locale)}>
        <ul className="user-options">
          {LOCALES.map((l) => (
            <li key={l}>
              <Radio value={l} block>
                <span lang={l}>{LANGUAGE_NAMES[l]}</span>
              </Radio>
            </li>
          ))}
        </ul>
      </Radio.Group>
    </section>
  );
}
