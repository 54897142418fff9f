export { ChatView } from './components/chat-view';
export { ChatLink, chatPath } from './components/chat-link';
export { CsUnreadBadge, CsUnreadWatcher, useCsUnread } from './components/unread';
export { CareDetailView, CareListView, CareSubmitView, carePath } from './components/care-views';
export { CS_KEY, CARE_KEY, type CsContext } from './api/cs.api';
