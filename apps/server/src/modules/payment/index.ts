// The payment core's public face. Routes are mounted by modules/index.ts; jobs registered by jobs/index.ts.
export { paymentJobs, createPaymentRefundGateway, reconcilePayments } from './payment.refunds';
export { applyOutcome } from './payment.service';
export { handleCallback } from './payment.callbacks';
export { amountDue, assertOrderPayWay, openAttempt, payableOrder } from './payment.service';
export { paymentsByChannelSince } from './payment.stats';
