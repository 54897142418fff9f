import crypto from 'node:crypto';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, type TokenResponse } from '@simshop/contracts';
import { reusableQuery, type Db } from './db';
import { AppError } from './errors';

export type Realm = 'app' | 'admin';
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

/** A spent refresh token presented again within this window is refused without revoking: two tabs raced. */
export const REFRESH_RACE_GRACE_MS = 10_000;

/** A live access token of an active account, one query per realm compiled once (it runs on every request). */
const liveToken = (db: Db, realm: Realm, $: (i: number) => never) => {
  const base = db
    .selectFrom('auth_token as t')
    .select(['t.subject_id', 't.family'])
    .where('t.token_hash', '=', $(0))
    .where('t.kind', '=', 'access')
    .where('t.realm', '=', realm)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', $(1));
  return realm === 'app'
    ? base.innerJoin('user as s', 's.id', 't.subject_id').where('s.status', '=', 1)
    : base.innerJoin('admin_user as s', 's.id', 't.subject_id').where('s.status', '=', 1);
};
const liveAppToken = reusableQuery((db, $) => liveToken(db, 'app', $));
const liveAdminToken = reusableQuery((db, $) => liveToken(db, 'admin', $));

/**
 * Access and refresh tokens: opaque random strings stored as SHA-256 hashes. Refresh rotates both;
 * presenting a spent refresh token outside the race window revokes the whole family.
 */
export function createTokenService(db: Db) {
  async function issue(
    realm: Realm,
    subjectId: number,
    family = crypto.randomBytes(12).toString('hex'),
  ): Promise<TokenResponse> {
    const token = newToken();
    const refreshToken = newToken();
    const at = Date.now();
    await db
      .insertInto('auth_token')
      .values([
        {
          token_hash: hashToken(token),
          kind: 'access',
          realm,
          subject_id: subjectId,
          family,
          expires_at: at + ACCESS_TOKEN_TTL_S * 1000,
          used_at: null,
          revoked_at: null,
          created_at: at,
        },
        {
          token_hash: hashToken(refreshToken),
          kind: 'refresh',
          realm,
          subject_id: subjectId,
          family,
          expires_at: at + REFRESH_TOKEN_TTL_S * 1000,
          used_at: null,
          revoked_at: null,
          created_at: at,
        },
      ])
      .execute();
    return { token, expire: ACCESS_TOKEN_TTL_S, refreshToken, refreshExpire: REFRESH_TOKEN_TTL_S };
  }

  /** The subject of a live access token, or null. */
  /** The subject of a live access token whose account is active, or null; one indexed query per request. */
  async function verifyAccess(
    realm: Realm,
    token: string,
  ): Promise<{ subjectId: number; family: string } | null> {
    const [row] = await (realm === 'app' ? liveAppToken : liveAdminToken)(db, hashToken(token), Date.now());
    return row ? { subjectId: row.subject_id, family: row.family } : null;
  }

  async function revokeFamily(family: string) {
    await db
      .updateTable('auth_token')
      .set({ revoked_at: Date.now() })
      .where('family', '=', family)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async function revokeSubject(realm: Realm, subjectId: number) {
    await db
      .updateTable('auth_token')
      .set({ revoked_at: Date.now() })
      .where('realm', '=', realm)
      .where('subject_id', '=', subjectId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Spends a refresh token and returns its subject; the caller checks the account and issues the next pair.
   * Exactly one of several concurrent presentations wins (guarded update).
   */
  async function spendRefresh(
    realm: Realm,
    refreshToken: string,
  ): Promise<{ subjectId: number; family: string }> {
    const hash = hashToken(refreshToken);
    const at = Date.now();
    const row = await db
      .selectFrom('auth_token')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.kind !== 'refresh' || row.realm !== realm) throw new AppError('REFRESH_INVALID');
    if (row.revoked_at !== null || row.expires_at <= at) throw new AppError('REFRESH_INVALID');
    const res = await db
      .updateTable('auth_token')
      .set({ used_at: at })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) {
      // the old access token of this family dies with the rotation
      await db
        .updateTable('auth_token')
        .set({ revoked_at: at })
        .where('family', '=', row.family)
        .where('kind', '=', 'access')
        .where('revoked_at', 'is', null)
        .execute();
      return { subjectId: row.subject_id, family: row.family };
    }
    const spent = await db
      .selectFrom('auth_token')
      .select(['used_at'])
      .where('id', '=', row.id)
      .executeTakeFirst();
    if (spent?.used_at && at - spent.used_at > REFRESH_RACE_GRACE_MS) {
      await revokeFamily(row.family);
      throw new AppError('REFRESH_REUSED');
    }
    throw new AppError('REFRESH_INVALID');
  }

  return { issue, verifyAccess, spendRefresh, revokeFamily, revokeSubject };
}
export type TokenService = ReturnType<typeof createTokenService>;
