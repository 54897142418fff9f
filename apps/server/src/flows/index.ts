// Flows: the sequences that cross modules, each owning its transaction (docs/where-things-go.md). Above the
// modules, below routes and job registration: only route files and jobs/index.ts import this folder.
export {
  handleCallback,
  paymentStatusConfirmed,
  reconcileJob,
  reconcilePayments,
  startPayment,
  startWalletTopup,
  usePoints,
  verifyTransfer,
  walletPay,
  type ApplyResult,
  type CallbackAnswer,
} from './order-payment';
export { refundJob, REFUND_JOB } from './order-refund';
export { approveRefund } from './refund-approval';
export { cancelPartnerLine } from './order-fulfilment';
export { checkout } from './order-checkout';
