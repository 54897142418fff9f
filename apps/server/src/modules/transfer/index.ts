// The corporate transfer module's public face. Routes are mounted by modules/index.ts.
export { bankInfo, proofStatus } from './transfer.service';
export { pendingTransferCount } from './transfer.stats';
