import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useUpdatePerson } from '../api/user.api';
import { ToggleSwitch } from './toggle-switch';
import { errorMessage, toast } from '../../../shared';
import './user.css';

type Field = 'orderReceiving' | 'messageNotify';

/** Order-receiving mode and message notification: each shows "enabled" or "closed" and is saved to the profile. */
export function ProfileSwitches() {
  const { t } = useTranslation('user');
  const { userInfo } = useSession();
  const update = useUpdatePerson();
  const [saving, setSaving] = useState<Field | null>(null);

  const change = async (field: Field, on: boolean) => {
    setSaving(field);
    try {
      await update.mutateAsync({ [field]: on ? 1 : 0 });
      toast(t('set.saved'), 'success');
    } catch (e) {
      toast(errorMessage(e, t('set.saveFailed')), 'fail');
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="user-section" aria-labelledby="set-preferences">
      <h2 id="set-preferences" className="user-section-title">
        {t('set.preferences')}
      </h2>
      <ul className="user-menu">
        {(['orderReceiving', 'messageNotify'] as const).map((field) => {
          const on = userInfo?.[field] === 1;
          return (
            <li key={field} className="user-switch-row">
              <span className="user-switch-text">
                <span id={`set-${field}`}>{t(`set.${field}`)}</span>
                <span className="user-switch-hint">{t(`set.${field}Hint`)}</span>
              </span>
              <span className="user-menu-extra">
                <span className={on ? 'user-state-on' : 'user-state-off'}>
                  {on ? t('set.enabled') : t('set.closed')}
                </span>
                <ToggleSwitch
                  checked={on}
                  label={t(`set.${field}`)}
                  disabled={!userInfo}
                  busy={saving === field}
                  onChange={(v) => void change(field, v)}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
