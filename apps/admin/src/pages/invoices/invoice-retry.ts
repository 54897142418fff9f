import { useInvalidate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api/client';
import type { ApiError } from '../../lib/request';

/** The query key of the invoices to look at (late, failed, rejected). */
export const PROBLEMS = ['invoice-problems'];

/**
 * Sends a failed, rejected or late invoice (or an allowance or void: kind `return`) to its job again, says
 * how it went, then refreshes both lists that show it: the problems and every invoice, allowance and void.
 */
export function useInvoiceRetry() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const invalidate = useInvalidate();
  return async (id: number, kind: 'invoice' | 'return') => {
    try {
      await api.post('admin/invoice/info/retry', { body: { id, kind } });
      message.success(t('invoices.retried'));
    } catch (err) {
      message.error((err as ApiError).message);
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: PROBLEMS }),
      invalidate({ resource: 'invoice/info', invalidates: ['list'] }),
    ]);
  };
}
