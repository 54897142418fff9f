import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from 'antd-mobile';
import { Page } from '../../app/page';
import { sessionStore } from '../../lib/session';
import { AGREEMENT_DOC, ChangePasswordSheet, DeleteAccountSheet, PRIVACY_DOC } from '../../features/auth';
import { LanguageSwitch, LinkList, ProfileSwitches, VERSION_PAGE } from '../../features/user';

/** /pages/user/set: language, profile switches, account security, documents, logout and account deletion. */
export default function SetPage() {
  const { t } = useTranslation('user');
  const [sheet, setSheet] = useState<'password' | 'delete' | null>(null);

  const logout = async () => {
    const sure = await Dialog.confirm({
      content: t('set.logoutConfirm'),
      confirmText: t('set.confirm'),
      cancelText: t('set.cancel'),
    });
    if (sure) sessionStore.logout();
  };

  return (
    <Page title={t('common:titles.set')}>
      <LanguageSwitch />
      <ProfileSwitches />
      <LinkList
        title={t('set.account')}
        items={[
          { key: 'edit', label: t('set.editProfile'), to: '/pages/user/edit' },
          { key: 'realName', label: t('set.realName'), to: '/pages/user/edit-profile' },
          { key: 'password', label: t('set.changePassword'), onClick: () => setSheet('password') },
        ]}
      />
      <LinkList
        title={t('set.aboutSection')}
        items={[
          { key: 'about', label: t('set.about'), to: '/pages/user/about' },
          { key: 'version', label: t('set.version'), to: VERSION_PAGE },
          { key: 'agreement', label: t('doc.agreement.title'), to: AGREEMENT_DOC },
          { key: 'privacy', label: t('doc.privacy.title'), to: PRIVACY_DOC },
        ]}
      />
      <div className="user-actions">
        <Button block size="large" onClick={() => void logout()}>
          {t('set.logout')}
        </Button>
        <Button block fill="none" color="danger" onClick={() => setSheet('delete')}>
          {t('set.deleteAccount')}
        </Button>
      </div>
      <ChangePasswordSheet visible={sheet === 'password'} onClose={() => setSheet(null)} />
      <DeleteAccountSheet visible={sheet === 'delete'} onClose={() => setSheet(null)} />
    </Page>
  );
}
