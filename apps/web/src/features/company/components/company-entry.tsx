import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { companyInfoQuery } from '../api/company.api';
import './company.css';

/** The user centre's way into the company space: for members, and for company accounts to open one. */
export function CompanyEntry() {
  const { t, i18n } = useTranslation('company');
  const session = useSession();
  const info = useQuery({ ...companyInfoQuery(i18n.language), enabled: session.isLoggedIn });
  const isCompany = session.userInfo?.kind === 'company';
  if (!info.data && !isCompany) return null;
  return (
    <nav className="user-section company-entry" aria-label={t('entry.title')}>
      <Link to="/pages/company/index">
        <span>{info.data ? t('entry.open', { name: info.data.name }) : t('entry.setUp')}</span>
        {info.data && info.data.pendingApprovals > 0 ? (
          <span role="status" className="company-pending">
            {t('entry.pending', { count: info.data.pendingApprovals })}
          </span>
        ) : null}
      </Link>
    </nav>
  );
}
