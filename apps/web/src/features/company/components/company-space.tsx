import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  DEFAULT_CURRENCY,
  LoadError,
  Loading,
  toMajorInput,
  toMinor,
  toast,
  toastError,
} from '../../../shared';
import { companyInfoQuery, useCompanyActions } from '../api/company.api';
import { BatchesPanel } from './batches-panel';
import { BulkPanel } from './bulk-panel';
import { CardsPanel } from './cards-panel';
import { MembersPanel } from './members-panel';
import './company.css';

type Tab = 'members' | 'buy' | 'approvals' | 'orders' | 'cards';

/** Which parts of the space each role sees (the server checks the same on every call). */
const TABS: Record<string, Tab[]> = {
  owner: ['members', 'buy', 'approvals', 'orders', 'cards'],
  buyer: ['buy', 'orders', 'cards', 'members'],
  approver: ['approvals', 'orders', 'members'],
  traveller: [],
};

function SetUp() {
  const { t } = useTranslation('company');
  const actions = useCompanyActions();
  const [name, setName] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await actions.setUp({ name, approvalThreshold: null });
      toast(t('setUp.done'), 'success');
    } catch (err) {
      toastError(err, t('failed'));
    }
  }
  return (
    <form className="company-form company-panel" onSubmit={(e) => void submit(e)}>
      <h2>{t('setUp.title')}</h2>
      <p className="company-hint">{t('setUp.hint')}</p>
      <label>
        {t('setUp.name')}
        <input required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit">{t('setUp.submit')}</button>
    </form>
  );
}

function Threshold({ value, currency }: { value: number | null; currency: string }) {
  const { t } = useTranslation('company');
  const actions = useCompanyActions();
  const [text, setText] = useState(value === null ? '' : toMajorInput(value, currency));
  async function save(e: FormEvent) {
    e.preventDefault();
    const minor = text.trim() === '' ? null : (toMinor(text, currency) ?? null);
    try {
      await actions.setThreshold(minor);
      toast(t('threshold.saved'), 'success');
    } catch (err) {
      toastError(err, t('failed'));
    }
  }
  return (
    <form className="company-form company-inline" onSubmit={(e) => void save(e)}>
      <label>
        {t('threshold.label', { currency })}
        <input inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit">{t('threshold.save')}</button>
    </form>
  );
}

/** The company space: set-up for a company account, then the parts the caller's role may use. */
export function CompanySpace() {
  const { t, i18n } = useTranslation('company');
  const info = useQuery(companyInfoQuery(i18n.language));
  const [tab, setTab] = useState<Tab | null>(null);
  if (info.isPending) return <Loading />;
  if (info.isError) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <SetUp />;
  const c = info.data;
  const tabs = TABS[c.role] ?? [];
  const current = tab && tabs.includes(tab) ? tab : tabs[0];
  return (
    <div className="company-space">
      <section className="company-panel company-head">
        <h2>{c.name}</h2>
        <p className="company-hint">
          {t(`roles.${c.role}`)} · {t('head.members', { count: c.memberCount })}
        </p>
        {c.pendingApprovals > 0 ? (
          <p role="status" className="company-pending">
            {t('entry.pending', { count: c.pendingApprovals })}
          </p>
        ) : null}
        {c.role === 'owner' ? <Threshold value={c.approvalThreshold} currency={DEFAULT_CURRENCY} /> : null}
        {c.role === 'traveller' ? (
          <p>
            {t('head.traveller')} <Link to="/pages/user/simcard/list">{t('head.myCards')}</Link>
          </p>
        ) : (
          <p>
            <Link to="/pages/company/statement">{t('head.statement')}</Link>
          </p>
        )}
      </section>
      {tabs.length > 0 ? (
        <div role="tablist" className="company-tabs">
          {tabs.map((k) => (
            <button key={k} type="button" role="tab" aria-selected={k === current} onClick={() => setTab(k)}>
              {t(`tabs.${k}`)}
            </button>
          ))}
        </div>
      ) : null}
      {current === 'members' ? <MembersPanel isOwner={c.role === 'owner'} /> : null}
      {current === 'buy' ? <BulkPanel onOrdered={() => setTab('orders')} /> : null}
      {current === 'approvals' ? <BatchesPanel canDecide awaitingOnly /> : null}
      {current === 'orders' ? <BatchesPanel canDecide={false} awaitingOnly={false} /> : null}
      {current === 'cards' ? <CardsPanel /> : null}
    </div>
  );
}
