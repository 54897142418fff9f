// Flows: the sequences that cross modules, each owning its transaction (docs/where-things-go.md). Above the
// modules, below routes and job registration: only route files and jobs/index.ts import this folder.
export {
  paymentStatusConfirmed,
  startBrowserPayment,
  startPayment,
  startWalletTopup,
  startWechatJsapi,
  type ApplyResult,
} from './order-payment';
export { handleCallback, type CallbackAnswer } from './payment-callbacks';
export { usePoints, verifyTransfer, walletPay } from './internal-payment';
export { reconcileJob, reconcilePayments } from './reconcile';
export { refundJob, REFUND_JOB } from './order-refund';
export { approveRefund } from './refund-approval';
export { cancelPartnerLine } from './order-fulfilment';
export { checkout } from './order-checkout';
export { orderCompanyBatch } from './company-batch';
export { orderCompanyTopUp } from './company-topup';
