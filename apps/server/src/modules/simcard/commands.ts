// The simcard module's commands for flows/order-fulfilment: starting a paid line's delivery. Only
// apps/server/src/flows/ imports this file (lint enforces it).
export { enqueueLineDelivery } from './simcard-delivery.service';
