import { sql } from 'kysely';
import type { AppContext } from '../../context';

/** Chat sessions still open. */
export async function openChatCount(ctx: AppContext): Promise<number> {
  const { n } = await ctx.db
    .selectFrom('cs_session')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', sql.lit(0))
    .executeTakeFirstOrThrow();
  return Number(n);
}
