import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const INVOICE_KEY = ['invoice'] as const;

/** The buyer's remembered e-invoice choice (null: none yet). */
export const rememberedChoiceQuery = () =>
  queryOptions({
    queryKey: [...INVOICE_KEY, 'choice'] as const,
    queryFn: ({ signal }) => api.get('app/invoice/info/choice', { signal }),
  });

/** An order's e-invoice (null until the order is paid and its invoice written). */
export const orderInvoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...INVOICE_KEY, 'order', id] as const,
    queryFn: ({ signal }) => api.get('app/invoice/info/order', { query: { id }, signal }),
  });
