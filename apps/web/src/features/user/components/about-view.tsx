import { useTranslation } from 'react-i18next';
import { APP_VERSION, APP_VERSION_CODE } from '@simshop/contracts';
import { Link } from 'react-router';
import { LinkList } from './link-list';
import './user.css';

export const VERSION_PAGE = '/uni_modules/cool-app/pages/version/demo';
const CHAT_PAGE = '/uni_modules/cool-cs/pages/chat';
const FEEDBACK_PAGE = '/uni_modules/cool-app/pages/feedback/submit';

function Logo() {
  return (
    <svg width="72" height="72" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="12" fill="#0958d9" />
      <path d="M16 10h11l7 7v21a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2V12a2 2 0 0 1 2-2z" fill="#fff" />
      <rect x="19" y="23" width="12" height="10" rx="1.5" fill="#0958d9" />
      <path d="M23 23v10M27 23v10M19 28h12" stroke="#fff" strokeWidth="1" />
    </svg>
  );
}

/** Name, version (from the build's constants), what the shop is, and how to reach it. */
export function AboutView() {
  const { t } = useTranslation('user');
  return (
    <>
      <section className="user-about">
        <Logo />
        <p className="user-about-name">{t('common:appName')}</p>
        <p className="user-note">{t('about.version', { version: APP_VERSION, code: APP_VERSION_CODE })}</p>
        <p className="user-about-tagline">{t('about.tagline')}</p>
      </section>
      <section className="user-section" aria-labelledby="about-contact">
        <h2 id="about-contact" className="user-section-title">
          {t('about.contact')}
        </h2>
        <dl className="user-details">
          <dt>{t('about.chatLabel')}</dt>
          <dd>
            <Link to={CHAT_PAGE}>{t('about.chat')}</Link>
          </dd>
          <dt>{t('about.hoursLabel')}</dt>
          <dd>{t('about.hours')}</dd>
          <dt>{t('about.feedbackLabel')}</dt>
          <dd>
            <Link to={FEEDBACK_PAGE}>{t('about.feedback')}</Link>
          </dd>
        </dl>
      </section>
      <LinkList
        items={[
          { key: 'version', label: t('about.checkVersion'), to: VERSION_PAGE },
          { key: 'agreement', label: t('doc.agreement.title'), to: '/pages/user/doc?type=agreement' },
          { key: 'privacy', label: t('doc.privacy.title'), to: '/pages/user/doc?type=privacy' },
        ]}
      />
      <p className="user-copyright">{t('about.copyright', { year: new Date().getFullYear() })}</p>
    </>
  );
}
