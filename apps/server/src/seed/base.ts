import type { Config } from '../config';
import type { Db } from '../platform/db';

/** Reference data every deployment needs: the published app version. */
export async function seedBase(db: Db, _config: Config) {
  const has = await db.selectFrom('app_version').select('id').limit(1).executeTakeFirst();
  if (!has) {
    await db
      .insertInto('app_version')
      .values({
        version: '1.0.0',
        code: 100,
        description: 'First release',
        url: null,
        force_update: 0,
        published_at: Date.now(),
      })
      .execute();
  }
}
