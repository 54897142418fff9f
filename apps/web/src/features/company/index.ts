export { CompanyEntry } from './components/company-entry';
export { MembersPanel } from './components/members-panel';
export { BulkPanel } from './components/bulk-panel';
export { BatchesPanel } from './components/batches-panel';
export { CardsPanel } from './components/cards-panel';
export { COMPANY_KEY, companyInfoQuery, companyStatementQuery, useCompanyActions } from './api/company.api';
export { CompanySpace } from './components/company-space';
export { StatementView } from './components/statement-view';
export { JoinView } from './components/join-view';
