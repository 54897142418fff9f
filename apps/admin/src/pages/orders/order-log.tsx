import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { payWayCode } from '@simshop/contracts';
import { api } from '../../lib/api/client';
import { money, toMinor } from '../../lib/format';

/**
 * A refund reason by its name in the operator's language: the buyer picked it from the shop's refundReason
 * dictionary (`app/dict/info/data`, answered in the request's language), and the order keeps its value.
 */
export function RefundReason({ value }: { value: string }) {
  const { i18n } = useTranslation();
  const dict = useQuery({
    queryKey: ['dict', 'data', i18n.language],
    queryFn: () => api.post('app/dict/info/data'),
    staleTime: 10 * 60_000,
  });
  const item = dict.data?.refundReason?.find((d) => d.value === value);
  return <>{item?.name ?? value}</>;
}

/** The notes the server writes on an order's log entries (order-status, order-operator, flows/order-payment). */
const PAID_BY = /^(\S+) (\S+)$/; // pay, late_payment: `<pay way> <attempt number>`
const PARTIAL = /^partial (\d+(?:\.\d+)?) of (\d+(?:\.\d+)?) ([A-Z]{3})(?:; ([\s\S]*))?$/; // refund_approve

/**
 * An order log entry's note in the operator's language. The server writes some notes as codes (the pay way
 * and attempt of a payment, the buyer's refund reason, what the buyer updated, a partial approval); those are
 * named here. The rest is what a person typed (a tracking number, a rejection reason) and is shown as written.
 */
export function LogNote({ action, note }: { action: string; note: string }) {
  const { t } = useTranslation();
  if (action === 'refund') return <RefundReason value={note} />;
  if (action === 'update' && (note === 'address' || note === 'note')) return <>{t(`orderNote.${note}`)}</>;
  const paid = PAID_BY.exec(note);
  const way = payWayCode.safeParse(paid?.[1]);
  if ((action === 'pay' || action === 'late_payment') && paid && way.success)
    return <>{t('orderNote.paidBy', { way: t(`payWay.${way.data}`), attempt: paid[2] })}</>;
  const partial = action === 'refund_approve' ? PARTIAL.exec(note) : null;
  if (partial) {
    const [, amount = '0', asked = '0', currency = 'TWD', rest] = partial;
    const text = t('orderNote.partial', {
      amount: money(toMinor(Number(amount), currency), currency),
      asked: money(toMinor(Number(asked), currency), currency),
    });
    return <>{rest ? `${text}; ${rest}` : text}</>;
  }
  return <>{note}</>;
}
