export { SimCardListView } from './components/simcard-list-view';
export { SimCardDetailView } from './components/simcard-detail-view';
export { SIMCARD_LIST_PATH, simCardDetailPath } from './model/paths';
export { SIMCARD_KEY, simCardListQuery, simCardDetailQuery } from './api/simcard.api';
export { clearOfflineCards } from './model/offline-cards';
export { groupIccid } from './model/format';
export { SimAlertBadge } from './components/alert-badge';
