import type { AppContext } from '../../context';

/** eSIM/top-up deliveries that gave up and wait for an operator's retry. */
export async function stuckDeliveryCount(ctx: AppContext): Promise<number> {
  const { n } = await ctx.db
    .selectFrom('sim_delivery')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'stuck')
    .executeTakeFirstOrThrow();
  return Number(n);
}
