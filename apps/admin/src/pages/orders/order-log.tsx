import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderLogEntryNote } from '@simshop/contracts';
import { api } from '../../lib/api/client';
import { money } from '../../lib/format';

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

/**
 * An order log entry's note in the operator's language, from its kind and params (contracts orderLogNote):
 * the pay way and attempt of a payment, the buyer's refund reason by its dictionary name, what the buyer
 * changed, the shipment, a refund's amounts. What a person typed (a carrier, a tracking number, a reason) is
 * shown as written, and so is the text of an entry written before notes were structured.
 */
export function LogNote({ note }: { note: OrderLogEntryNote }) {
  const { t } = useTranslation();
  switch (note.kind) {
    case 'paid':
      return (
        <>{t('orderNote.paidBy', { way: t(`payWay.${note.params.way}`), attempt: note.params.attempt })}</>
      );
    case 'refund_requested':
      return <RefundReason value={note.params.reason} />;
    case 'changed':
      return <>{t(`orderNote.${note.params.field}`)}</>;
    case 'shipped':
      return <>{t('orderNote.shipped', note.params)}</>;
    case 'refund_approved':
      return <RefundApproved {...note.params} />;
    case 'refund_rejected':
      return <>{t('orderNote.reason', { reason: note.params.reason })}</>;
    case 'text':
      return <>{note.params.text}</>;
  }
}

type RefundApprovedParams = Extract<OrderLogEntryNote, { kind: 'refund_approved' }>['params'];

/** An approved refund: the amount (and the ask, when less was given), installed eSIMs, the operator's reason. */
function RefundApproved({ amount, asked, currency, installed, reason }: RefundApprovedParams) {
  const { t } = useTranslation();
  const lines = [
    amount < asked
      ? t('orderNote.partial', { amount: money(amount, currency), asked: money(asked, currency) })
      : t('orderNote.refunded', { amount: money(amount, currency) }),
    installed.length > 0 ? t('orderNote.installed', { iccids: installed.join(', ') }) : null,
    reason ? t('orderNote.reason', { reason }) : null,
  ].filter((l): l is string => l !== null);
  return (
    <>
      {lines.map((l) => (
        <div key={l}>{l}</div>
      ))}
    </>
  );
}
