// The corporate transfer module's public face. Routes are mounted by modules/index.ts; a verified transfer's
// money is flows/order-payment's (verifyTransfer), its transfer moves are ./commands.ts.
export { adminTransferOf, bankInfo, proofStatus } from './transfer.service';
export { pendingTransferCount } from './transfer.stats';
export { proofAwaitingOrder } from './transfer.repository';
