// E-invoices in the shop (issue 28): checkout's choice and the order page's invoice.
export { InvoiceChoiceSection, type InvoiceChoiceHandle } from './components/invoice-choice';
export { OrderInvoiceCard } from './components/order-invoice';
