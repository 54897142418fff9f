import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../app/page';
import { MyMenu, ProfileCard } from '../../features/user';
import { CompanyEntry } from '../../features/company';

function GearIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M19.4 13a7.6 7.6 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-1.7-1L15 3.5h-4l-.4 2.5a7.4 7.4 0 0 0-1.7 1l-2.4-1-2 3.4L6.6 11a7.6 7.6 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 1.7 1l.3 2.5h4l.4-2.5a7.4 7.4 0 0 0 1.7-1l2.4 1 2-3.4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** /pages/index/my (tab, custom bar): the account hub. */
export default function MyPage() {
  const { t } = useTranslation('user');
  const title = t('common:titles.my');
  return (
    <Page
      title={title}
      navbar="custom"
      back={false}
      header={
        <header className="user-navbar">
          <span aria-hidden="true">{title}</span>
          <Link to="/pages/user/set" aria-label={t('my.entries.settings')}>
            <GearIcon />
          </Link>
        </header>
      }
    >
      <ProfileCard />
      <CompanyEntry />
      <MyMenu />
    </Page>
  );
}
