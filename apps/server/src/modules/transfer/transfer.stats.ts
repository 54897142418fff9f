import type { AppContext } from '../../context';

/** Transfers with a proof waiting for an operator to verify or reject. */
export async function pendingTransferCount(ctx: AppContext): Promise<number> {
  const { n } = await ctx.db
    .selectFrom('transfer_payment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'proof_submitted')
    .executeTakeFirstOrThrow();
  return Number(n);
}
