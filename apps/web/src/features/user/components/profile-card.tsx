import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginUrl } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { personQuery } from '../api/user.api';
import { UserAvatar } from './user-avatar';
import './user.css';

export const MY_PATH = '/pages/index/my';

/** Head of the "my" page: avatar, nickname and login state; a visitor taps it to log in. */
export function ProfileCard() {
  const { t } = useTranslation('user');
  const { isLoggedIn, userInfo } = useSession();
  useQuery({ ...personQuery, enabled: isLoggedIn });

  if (!isLoggedIn) {
    return (
      <Link className="user-card" to={loginUrl(MY_PATH)}>
        <UserAvatar alt={t('my.avatarAlt')} />
        <span className="user-card-text">
          <span className="user-card-name">{t('my.notLoggedIn')}</span>
          <span className="user-card-state">{t('my.tapToLogin')}</span>
        </span>
      </Link>
    );
  }
  return (
    <div className="user-card-wrap">
      <Link className="user-card" to="/pages/user/edit">
        <UserAvatar url={userInfo?.avatarUrl} alt={t('my.avatarAlt')} />
        <span className="user-card-text">
          <span className="user-card-name">{userInfo?.nickname || t('my.noNickname')}</span>
          <span className="user-card-state">
            {t('my.loggedIn')}
            {userInfo?.kind === 'company' ? ` · ${t('my.company')}` : ''}
          </span>
        </span>
        <span className="user-card-edit">{t('my.editProfile')}</span>
      </Link>
      {userInfo?.registerStep === 1 ? (
        <Link className="user-notice" to="/pages/user/register">
          {t('my.completeRegistration')}
        </Link>
      ) : null}
    </div>
  );
}
