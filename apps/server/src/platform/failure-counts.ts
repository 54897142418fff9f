import type { Db } from './db';

/**
 * Adds one failure to a windowed count in `login_failure` under `key` (a count whose last failure is older
 * than `since` starts again at 1) and returns the count after it. One upsert, so concurrent failures each
 * count. Used for sign-in failures of unknown accounts and of an operator from one address.
 */
export async function countFailure(db: Db, key: string, at: number, since: number) {
  const row = await db
    .insertInto('login_failure')
    .values({ key, failures: 1, updated_at: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_failure.updated_at', '<', since)
          .then(1)
          .else(eb('login_failure.failures', '+', 1))
          .end(),
        updated_at: at,
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}
