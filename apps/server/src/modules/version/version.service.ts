import type { Db } from '../../platform/db';

/** The newest published version, and whether the caller's build code is older than it. */
export async function checkVersion(db: Db, callerCode: number | undefined) {
  const row = await db
    .selectFrom('app_version')
    .selectAll()
    .where('published_at', '<=', Date.now())
    .orderBy('code', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { hasUpdate: false, latest: null };
  const latest = {
    version: row.version,
    code: row.code,
    description: row.description,
    url: row.url,
    force: row.force_update === 1,
    publishedAt: new Date(row.published_at).toISOString(),
  };
  return { hasUpdate: callerCode !== undefined && callerCode < row.code, latest };
}
