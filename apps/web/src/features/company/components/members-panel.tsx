import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Empty, LoadError, Loading, toast, toastError } from '../../../shared';
import { companyInvitesQuery, companyMembersQuery, useCompanyActions } from '../api/company.api';

type Role = 'buyer' | 'approver' | 'traveller';
const ROLES: Role[] = ['buyer', 'approver', 'traveller'];

/** Members and their roles; the owner invites by phone or e-mail, changes roles and removes members. */
export function MembersPanel({ isOwner }: { isOwner: boolean }) {
  const { t, i18n } = useTranslation('company');
  const members = useQuery(companyMembersQuery(i18n.language));
  const invites = useQuery({ ...companyInvitesQuery(i18n.language), enabled: isOwner });
  const actions = useCompanyActions();
  const [form, setForm] = useState({ name: '', contact: '', role: 'traveller' as Role });
  const [busy, setBusy] = useState(false);

  async function invite(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const contact = form.contact.trim();
      const byMail = contact.includes('@');
      await actions.invite({
        name: form.name,
        role: form.role,
        ...(byMail ? { email: contact } : { phone: contact }),
      });
      setForm({ name: '', contact: '', role: form.role });
      toast(t('members.invited'), 'success');
    } catch (err) {
      toastError(err, t('failed'));
    } finally {
      setBusy(false);
    }
  }

  if (members.isPending) return <Loading />;
  if (members.isError) return <LoadError error={members.error} onRetry={() => void members.refetch()} />;
  return (
    <div className="company-panel">
      <h2>{t('members.title')}</h2>
      <ul className="company-list">
        {members.data.map((m) => (
          <li key={m.userId}>
            <span>
              <strong>{m.name}</strong> {m.phone ?? ''}
            </span>
            {isOwner && m.role !== 'owner' ? (
              <span className="company-row-actions">
                <select
                  aria-label={t('members.roleOf', { name: m.name })}
                  value={m.role}
                  onChange={(e) =>
                    void actions
                      .setRole(m.userId, e.target.value as Role)
                      .catch((err: unknown) => toastError(err, t('failed')))
                  }
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`roles.${r}`)}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  onClick={() =>
                    void actions.remove(m.userId).catch((err: unknown) => toastError(err, t('failed')))
                  }
                >
                  {t('members.remove')}
                </button>
              </span>
            ) : (
              <span className="company-tag">{t(`roles.${m.role}`)}</span>
            )}
          </li>
        ))}
      </ul>
      {isOwner ? (
        <>
          <form className="company-form" onSubmit={(e) => void invite(e)}>
            <h3>{t('members.invite')}</h3>
            <label>
              {t('members.name')}
              <input
                required
                value={form.name}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
              />
            </label>
            <label>
              {t('members.contact')}
              <input
                required
                value={form.contact}
                onChange={(e) => setForm({ ...form, contact: e.target.value })}
              />
            </label>
            <label>
              {t('members.role')}
              <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as Role })}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`roles.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={busy}>
              {t('members.send')}
            </button>
          </form>
          <h3>{t('members.invites')}</h3>
          {invites.data && invites.data.length > 0 ? (
            <ul className="company-list">
              {invites.data.map((i) => (
                <li key={i.id}>
                  <span>
                    {i.name} · {t(`roles.${i.role}`)} · {i.phone ?? i.email}
                  </span>
                  <span className="company-code">{i.usedAt ? t('members.used') : i.code}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>{t('members.noInvites')}</Empty>
          )}
        </>
      ) : null}
    </div>
  );
}
