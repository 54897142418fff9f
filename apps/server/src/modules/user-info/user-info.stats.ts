import type { AppContext } from '../../context';

/** Real-name submissions waiting for review. */
export async function pendingRealNameCount(ctx: AppContext): Promise<number> {
  const { n } = await ctx.db
    .selectFrom('real_name')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Users an operator's "buyer" filter names: a user id, a public id, or (part of) a phone number. At most
 * 500; none when nothing matches.
 */
export async function userIdsMatching(ctx: AppContext, buyer: string): Promise<number[]> {
  const term = buyer.trim();
  const digits = term.replace(/[^\d]/g, '');
  const rows = await ctx.db
    .selectFrom('user')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('public_id', '=', term),
        ...(/^\d+$/.test(term) ? [eb('id', '=', Number(term))] : []),
        ...(digits.length >= 4 ? [eb('phone', 'like', `%${digits}%`)] : []),
      ]),
    )
    .limit(500)
    .execute();
  return rows.map((r) => Number(r.id));
}
