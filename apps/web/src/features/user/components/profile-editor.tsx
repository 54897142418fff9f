import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd-mobile';
import { charCount, NICKNAME_MAX, UPLOAD_MAX_BYTES } from '@simshop/contracts';
import { useSession } from '../../../lib/session';
import { useUpdatePerson, useUploadAvatar } from '../api/user.api';
import { UserAvatar } from './user-avatar';
import { errorMessage, toast } from '../../../shared';
import './user.css';

/** The avatar with a button to pick a new picture, which is uploaded and saved at once. */
export function AvatarEditor() {
  const { t } = useTranslation('user');
  const { userInfo } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const uploadAvatar = useUploadAvatar();

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''; // picking the same file again still fires
    if (!file) return toast(t('edit.avatarRequired'));
    if (!file.type.startsWith('image/')) return toast(t('edit.avatarNotImage'), 'fail');
    if (file.size > UPLOAD_MAX_BYTES)
      return toast(t('edit.avatarTooLarge', { max: Math.round(UPLOAD_MAX_BYTES / 1024 / 1024) }), 'fail');
    try {
      await uploadAvatar.mutateAsync(file);
      toast(t('edit.avatarUpdated'), 'success');
    } catch (e) {
      toast(errorMessage(e, t('edit.saveFailed')), 'fail');
    }
  };

  return (
    <section className="user-section user-avatar-editor" aria-labelledby="edit-avatar">
      <h2 id="edit-avatar" className="user-section-title">
        {t('edit.avatar')}
      </h2>
      <div className="user-avatar-row">
        <UserAvatar url={userInfo?.avatarUrl} alt={t('edit.currentAvatar')} size={80} />
        <Button
          color="primary"
          fill="outline"
          loading={uploadAvatar.isPending}
          onClick={() => input.current?.click()}
        >
          {t('edit.changeAvatar')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('edit.changeAvatar')}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </div>
    </section>
  );
}

/** Nickname: required, at most NICKNAME_MAX characters (each Chinese character counts as one). */
export function NicknameForm() {
  const { t } = useTranslation('user');
  const { userInfo } = useSession();
  const update = useUpdatePerson();

  const submit = async ({ nickname }: { nickname: string }) => {
    try {
      await update.mutateAsync({ nickname: nickname.trim() });
      toast(t('edit.saved'), 'success');
    } catch (e) {
      toast(errorMessage(e, t('edit.saveFailed')), 'fail');
    }
  };

  return (
    <Form
      name="profile"
      requiredMarkStyle="none"
      key={userInfo?.id ?? 'none'}
      initialValues={{ nickname: userInfo?.nickname ?? '' }}
      onFinish={(v) => void submit(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={update.isPending}>
          {t('edit.save')}
        </Button>
      }
    >
      <Form.Item
        name="nickname"
        label={t('edit.nickname')}
        rules={[
          {
            validator: (_, v) => {
              const s = String(v ?? '').trim();
              if (!s) return Promise.reject(new Error(t('edit.nicknameRequired')));
              return charCount(s) <= NICKNAME_MAX
                ? Promise.resolve()
                : Promise.reject(new Error(t('edit.nicknameMax', { max: NICKNAME_MAX })));
            },
          },
        ]}
        extra={
          <Form.Subscribe to={['nickname']}>
            {({ nickname }) => (
              <span className="user-counter" aria-live="polite">
                {charCount(String(nickname ?? '').trim())}/{NICKNAME_MAX}
              </span>
            )}
          </Form.Subscribe>
        }
      >
        <Input
          autoComplete="nickname"
          placeholder={t('edit.nicknamePlaceholder', { max: NICKNAME_MAX })}
          clearable
        />
      </Form.Item>
    </Form>
  );
}
