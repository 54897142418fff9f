// The invoice module's public face (Taiwan e-invoices, issue 28). Its money-decided writes are commands
// (./commands.ts: a paid order's invoice, a refund's void or allowance), used by flows/ only.
export { invoiceJobs } from './invoice-issue.service';
export { keepOrderChoice, orderInvoiceOf, rememberChoice, rememberedChoice } from './invoice.service';
export { enqueueTrackRegistration } from './invoice.tracks';
export { trackRegistrationJob } from './invoice-tracks.service';
