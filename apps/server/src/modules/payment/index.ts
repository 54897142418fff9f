// The payment core's public face. Routes are mounted by modules/index.ts. What moves money (applying an
// outcome, wallet, points, refunds, reconciliation) is apps/server/src/flows/; its writes are ./commands.ts.
export {
  amountDue,
  assertOrderPayWay,
  payableOrder,
  paymentStatus,
  startOrderPayment,
  startTopup,
  wechatPayerOf,
  type StartExtras,
} from './payment.service';
export { checkPointSupport, orderSupportsPoints } from './payment.internal';
export { channelOf, resultPath } from './payment.channels';
export { APPLE_PAY_DOMAIN_FILE, registerApplePayDomainFile } from './payment-wallets';
export { moneyOwedOrder } from './payment.repository';
export { paymentsByChannelSince } from './payment.stats';
export { paidWaysOfOrders } from './payment.reads';
