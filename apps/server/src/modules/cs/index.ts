// The customer-service chat's public face. Routes are mounted by modules/index.ts.
export { unreadCount as csUnreadCount, CS_TOPIC, type CsEvent } from './cs.service';
export { csConnections } from './cs.socket';
export { openChatCount } from './cs.stats';
