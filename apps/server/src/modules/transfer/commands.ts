// The transfer module's commands for flows/order-payment: the transfer's moves that go with money. Only
// apps/server/src/flows/ imports this file (lint enforces it).
export { findTransferOfOrder, followAmountDue, moveTransfer } from './transfer.repository';
