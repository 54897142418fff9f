import { invoiceChoice } from '@simshop/contracts';
import type { AppContext } from '../context';
import type { Db } from '../platform/db';
import { keepOrderChoice } from '../modules/invoice';
import { getPerson } from '../modules/user-info';

/**
 * A company order's e-invoice (issue 28): B2B to the company account's registered UBN and name, not the
 * owner's remembered personal carrier, kept for that order only (beside it), so the owner's own next order
 * still defaults to the carrier the owner chose. A company that never gave its details keeps the ordinary
 * choice. Read before checkout; the answer writes the choice in the order's own transaction (onCreated).
 */
export async function companyInvoice(ctx: AppContext, ownerId: number) {
  const registered = (await getPerson(ctx, ownerId)).company;
  const parsed = registered
    ? invoiceChoice.safeParse({ kind: 'company', ubn: registered.ubn, title: registered.companyName })
    : null;
  const choice = parsed?.success ? parsed.data : null;
  return async (trx: Db, order: { id: number; at: number }) => {
    if (choice) await keepOrderChoice(trx, ownerId, order.id, choice, order.at);
  };
}
