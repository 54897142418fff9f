// Complaints and feedback: the module's public face. Routes are mounted by modules/index.ts.
export { ticketInfo, ticketPage } from './care.service';
