// The user-info module's public face: what other modules may use. Routes are mounted by modules/index.ts.
export * from './user-info.service';
export type { RealNameRow, UserRow } from './user-info.repository';
export { pendingRealNameCount, userIdsMatching } from './user-info.stats';
