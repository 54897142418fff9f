import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast, toastError } from '../../../shared';
import { useCompanyActions } from '../api/company.api';
import './company.css';

/** Accepting an invitation: the code from the link (or typed), checked against this account's phone or e-mail. */
export function JoinView() {
  const { t } = useTranslation('company');
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const actions = useCompanyActions();
  const navigate = useNavigate();
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await actions.join(code.trim());
      toast(t('join.done'), 'success');
      void navigate('/pages/company/index', { replace: true });
    } catch (err) {
      toastError(err, t('failed'));
    }
  }
  return (
    <form className="company-form company-panel" onSubmit={(e) => void submit(e)}>
      <p className="company-hint">{t('join.hint')}</p>
      <label>
        {t('join.code')}
        <input required minLength={8} maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <button type="submit">{t('join.submit')}</button>
    </form>
  );
}
