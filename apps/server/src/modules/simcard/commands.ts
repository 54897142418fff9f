// The simcard module's commands for flows/order-fulfilment: starting a paid line's delivery, and taking
// deliveries back when a refund or a partner cancellation returns their money. Only apps/server/src/flows/
// imports this file (lint enforces it).
export { enqueueLineDelivery } from './simcard-delivery.service';
export {
  cancelAtPartner,
  markDeliveryCancelled,
  openDeliveryCount,
  orderEsims,
  restDelivered,
  revokeDelivery,
  type OrderEsim,
} from './simcard-revoke.service';
export { findDeliveryByLine } from './simcard.repository';
/** A bulk top-up's cards (issue 28), written with its order by flows/company-topup. */
export { insertTopUpTargets as recordTopUpTargets } from './simcard.repository';
export { lineView, iccidsOf } from './simcard-billion.service';
