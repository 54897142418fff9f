import crypto from 'node:crypto';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, type TokenResponse } from '@simshop/contracts';
import { reusableQuery, type Db } from './db';
import { AppError } from './errors';
import type { EventBus } from './events';

export type Realm = 'app' | 'admin';
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

/** A spent refresh token presented again within this window is refused without revoking: two tabs raced. */
export const REFRESH_RACE_GRACE_MS = 10_000;

/** A live access token of an active account, one query per realm compiled once (it runs on every request). */
const liveToken = (db: Db, realm: Realm, $: (i: number) => never) => {
  const base = db
    .selectFrom('auth_token as t')
    .select(['t.subject_id', 't.family', 't.expires_at'])
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
 * How long a verified access token is taken as live without asking the database again. Every revocation
 * (sign-out, refresh, password or phone change, an account or operator disabled) goes through this service,
 * which forgets the revoked tokens at once here and, over the event bus, on every other instance; the bound
 * covers a bus message that was lost.
 */
export const ACCESS_CHECK_CACHE_MS = 1_000;
const ACCESS_CHECK_CACHE_MAX = 10_000;
const REVOKED = 'simshop:tokens:revoked';

/** What a revocation ended: one family of tokens, or every token of a subject but those of `keep`. */
type Revoked = { family: string } | { realm: Realm; subjectId: number; keep: string | null };
type Checked = { realm: Realm; subjectId: number; family: string; until: number };
const ends = (r: Revoked, c: Checked) =>
  'family' in r
    ? c.family === r.family
    : c.realm === r.realm && c.subjectId === r.subjectId && c.family !== r.keep;

/**
 * Access and refresh tokens: opaque random strings stored as SHA-256 hashes. Refresh rotates both;
 * presenting a spent refresh token outside the race window revokes the whole family. A live access token
 * is remembered for ACCESS_CHECK_CACHE_MS (one query less per authenticated request, issue 14).
 */
export function createTokenService(db: Db, events?: EventBus) {
  const checked = new Map<string, Checked>();
  // counts revocations seen: a check whose query raced one does not remember its answer
  let revocations = 0;
  const forget = (r: Revoked) => {
    revocations += 1;
    for (const [key, c] of checked) if (ends(r, c)) checked.delete(key);
  };
  events?.subscribe(REVOKED, (payload, origin) => {
    if (origin !== 'local') forget(payload as Revoked);
  });
  const revoked = (r: Revoked) => {
    forget(r);
    events?.publish(REVOKED, r);
  };

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

  /** The subject of a live access token whose account is active, or null; one indexed query at most a second. */
  async function verifyAccess(
    realm: Realm,
    token: string,
  ): Promise<{ subjectId: number; family: string } | null> {
    const key = `${realm} ${token}`;
    const at = Date.now();
    const hit = checked.get(key);
    if (hit && hit.until > at) return { subjectId: hit.subjectId, family: hit.family };
    if (hit) checked.delete(key);
    const seen = revocations;
    const [row] = await (realm === 'app' ? liveAppToken : liveAdminToken)(db, hashToken(token), at);
    if (!row) return null;
    if (seen === revocations) {
      if (checked.size >= ACCESS_CHECK_CACHE_MAX) checked.delete(checked.keys().next().value!);
      const until = Math.min(at + ACCESS_CHECK_CACHE_MS, Number(row.expires_at));
      checked.set(key, { realm, subjectId: row.subject_id, family: row.family, until });
    }
    return { subjectId: row.subject_id, family: row.family };
  }

  async function revokeFamily(family: string) {
    await db
      .updateTable('auth_token')
      .set({ revoked_at: Date.now() })
      .where('family', '=', family)
      .where('revoked_at', 'is', null)
      .execute();
    revoked({ family });
  }

  /** Ends every session of the subject, or every one but the family `keep` (the caller's own). */
  async function revokeSubject(realm: Realm, subjectId: number, keep: string | null = null) {
    let q = db
      .updateTable('auth_token')
      .set({ revoked_at: Date.now() })
      .where('realm', '=', realm)
      .where('subject_id', '=', subjectId)
      .where('revoked_at', 'is', null);
    if (keep) q = q.where('family', '!=', keep);
    await q.execute();
    revoked({ realm, subjectId, keep });
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
      revoked({ family: row.family });
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
