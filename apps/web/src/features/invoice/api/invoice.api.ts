import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const INVOICE_KEY = ['invoice'] as const;

/** The buyer's remembered e-invoice choice (null: none yet). */
export const rememberedChoiceQuery = () =>
  queryOptions({
    queryKey: [...INVOICE_KEY, 'choice'] as const,
    queryFn: ({ signal }) => api.get('app/invoice/info/choice', { signal }),
  });

/** How often the order page asks again while the invoice or an allowance is still being issued. */
export const INVOICE_PENDING_POLL_MS = 3000;

/**
 * An order's e-invoice (null until the order is paid and its invoice written). Asked again every few seconds
 * while it or one of its allowances is pending: the issuing job runs a moment after payment or a refund.
 */
export const orderInvoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [...INVOICE_KEY, 'order', id] as const,
    queryFn: ({ signal }) => api.get('app/invoice/info/order', { query: { id }, signal }),
    refetchInterval: (q) => {
      const inv = q.state.data?.invoice;
      const pending = inv?.state === 'pending' || inv?.allowances.some((a) => a.state === 'pending');
      return pending ? INVOICE_PENDING_POLL_MS : false;
    },
  });
