// The payment module's commands: the writes to attempts, refunds, top-ups and callback records that decide
// where money goes. Only apps/server/src/flows/ imports this file (lint enforces it); reads and the start of
// a payment are in index.ts.
export { moneyHeld, openAttempt, startView } from './payment.service';
export {
  attemptDetail,
  attemptsOfOrder,
  findAttempt,
  findAttemptByNo,
  findPaymentRefund,
  findPaymentRefundByNo,
  insertEvent as recordCallbackEvent,
  insertPaymentRefund,
  markRefundedWhenWhole,
  markAttemptSurplus,
  markTopupPaid,
  moveAttempt,
  ordersToEarnPoints,
  paidOnClosedOrders,
  refundedOf,
  refundSum,
  refundPartsOf,
  settlePaymentRefund,
  staleAttempts,
  unsettledRefunds,
  type AttemptRow,
  type PaymentRefundRow,
} from './payment.repository';
export { callbackUrls } from './payment.channels';
