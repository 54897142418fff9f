import {
  ADMIN_LOCK_FAILURES,
  ADMIN_LOCK_MINUTES,
  PASSWORD_FAILURES_BEFORE_CAPTCHA,
  type adminUpdatePasswordRequest,
} from '@simshop/contracts';
import type {
  adminLoginRequest,
  adminProfile,
  adminRealNameInfo,
  adminRealNamePageRequest,
  adminRealNameReviewRequest,
  adminUserStatusRequest,
  TokenResponse,
} from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { requirePermission } from '../../platform/auth';
import { areasOf } from '../../platform/roles';
import { iso } from '../../platform/columns';
import { now } from '../../platform/db';
import { FieldRuleError, fail, unauthorized } from '../../platform/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/password';
import { countUnknownIdentifierAttempt } from '../account';
import { verifyCaptcha } from '../captcha';
import { openRealName, type RealNameRow } from '../user-info';
import { countFailure as countLoginFailure } from '../../platform/failure-counts';
import {
  addAdminFailure,
  decideRealName,
  clearAdminAddressFailures,
  findAdminAddressFailures,
  resetAdminFailures,
  setAdminPassword,
  takeFreeAdminAttempt,
  findAdmin,
  findAdminByUsername,
  findLiveUserByPublicId,
  findRealNameWithUser,
  pageRealNames,
  setUserStatus,
} from './admin.repository';

type AdminProfile = z.infer<typeof adminProfile>;
type RealNameInfo = z.infer<typeof adminRealNameInfo>;

/** Operator login by username and password; tokens of the `admin` realm, which app routes refuse. */
type AdminRow = NonNullable<Awaited<ReturnType<typeof findAdmin>>>;

const LOCK_MS = ADMIN_LOCK_MINUTES * 60_000;
/** The lock is per operator AND address: a stranger's wrong guesses lock the stranger, not the owner. */
const lockKey = (adminId: number, address: string) => `admin-lock|${adminId}|${address}`;

async function assertNotLocked(ctx: AppContext, admin: AdminRow, address: string, at: number) {
  const f = await findAdminAddressFailures(ctx.db, lockKey(admin.id, address));
  const until = f && f.failures >= ADMIN_LOCK_FAILURES ? f.at + LOCK_MS : null;
  if (until !== null && until > at) fail('LOGIN_LOCKED', { minutes: Math.ceil((until - at) / 60_000) });
}

/**
 * Counts an operator's password attempt before it is checked, as buyers' are: 3 free in a row, then each
 * needs a captcha (one conditional update, so parallel guesses cannot slip past).
 */
async function countAdminAttempt(
  ctx: AppContext,
  admin: AdminRow,
  captcha: { captchaId?: string; captchaAnswer?: number },
) {
  if (await takeFreeAdminAttempt(ctx.db, admin.id, PASSWORD_FAILURES_BEFORE_CAPTCHA)) return;
  if (!captcha.captchaId || captcha.captchaAnswer === undefined) return fail('CAPTCHA_REQUIRED');
  await verifyCaptcha(ctx, captcha.captchaId, captcha.captchaAnswer);
  await addAdminFailure(ctx.db, admin.id);
}

/**
 * After a wrong password: one more failure of this operator from this address; ADMIN_LOCK_FAILURES of them
 * (each within ADMIN_LOCK_MINUTES of the last) lock that name at that address for ADMIN_LOCK_MINUTES.
 */
async function countFailure(ctx: AppContext, adminId: number, address: string, at: number) {
  await countLoginFailure(ctx.db, lockKey(adminId, address), at, at - LOCK_MS);
}

/**
 * Operator login by username and password; tokens of the `admin` realm, which app routes refuse. Same
 * protection as buyers' password login (attempts counted first, captcha after 3 failures, unknown names
 * counted alike), plus a 15-minute lock after 10 failures in a row of that name from that address (issue 26:
 * a lock per name alone let anyone lock `admin` out from anywhere).
 */
export async function adminLogin(
  ctx: AppContext,
  input: z.infer<typeof adminLoginRequest>,
  address: string,
): Promise<TokenResponse> {
  const at = now();
  const admin = await findAdminByUsername(ctx.db, input.username);
  if (!admin) {
    await countUnknownIdentifierAttempt(ctx, `admin|${input.username}`, input);
    await verifyAgainstDummy(input.password);
    return fail('LOGIN_FAILED');
  }
  await assertNotLocked(ctx, admin, address, at);
  await countAdminAttempt(ctx, admin, input);
  if (!(await verifyPassword(input.password, admin.password_hash))) {
    await countFailure(ctx, admin.id, address, at);
    return fail('LOGIN_FAILED');
  }
  if (admin.status !== 1) fail('ACCOUNT_DISABLED');
  await resetAdminFailures(ctx.db, admin.id);
  await clearAdminAddressFailures(ctx.db, lockKey(admin.id, address));
  return ctx.tokens.issue('admin', admin.id);
}

/**
 * Changes the logged-in operator's password, confirmed by the current one (a wrong one counts like a
 * failed login); the session that made the change stays, every other one of theirs ends.
 */
export async function adminUpdatePassword(
  ctx: AppContext,
  adminId: number,
  accessToken: string | null,
  input: z.infer<typeof adminUpdatePasswordRequest>,
  address: string,
): Promise<null> {
  const at = now();
  const admin = await findAdmin(ctx.db, adminId);
  if (!admin || admin.status !== 1) return unauthorized();
  await assertNotLocked(ctx, admin, address, at);
  // no captcha on this call: past the free attempts, the operator logs in again (with the captcha)
  if (!(await takeFreeAdminAttempt(ctx.db, admin.id, PASSWORD_FAILURES_BEFORE_CAPTCHA)))
    return fail('CAPTCHA_REQUIRED');
  if (!(await verifyPassword(input.oldPassword, admin.password_hash))) {
    await countFailure(ctx, admin.id, address, at);
    return fail('LOGIN_FAILED');
  }
  if (!(await setAdminPassword(ctx.db, admin.id, await hashPassword(input.newPassword)))) unauthorized();
  const current = accessToken ? await ctx.tokens.verifyAccess('admin', accessToken) : null;
  await ctx.tokens.revokeSubject('admin', admin.id, current?.family ?? null);
  return null;
}

/** Rotates an operator's token pair; a disabled operator cannot refresh. */
export async function adminRefresh(ctx: AppContext, refreshToken: string): Promise<TokenResponse> {
  const { subjectId, family } = await ctx.tokens.spendRefresh('admin', refreshToken);
  const admin = await findAdmin(ctx.db, subjectId);
  if (!admin || admin.status !== 1) {
    await ctx.tokens.revokeFamily(family);
    return fail('ACCOUNT_DISABLED');
  }
  return ctx.tokens.issue('admin', admin.id, family);
}

/** Ends the operator session the access token belongs to. */
export async function adminLogout(ctx: AppContext, accessToken: string | null): Promise<null> {
  const hit = accessToken ? await ctx.tokens.verifyAccess('admin', accessToken) : null;
  if (hit) await ctx.tokens.revokeFamily(hit.family);
  return null;
}

export async function adminPerson(ctx: AppContext, adminId: number): Promise<AdminProfile> {
  const admin = (await findAdmin(ctx.db, adminId)) ?? unauthorized();
  return {
    id: admin.id,
    username: admin.username,
    name: admin.name,
    role: admin.role,
    permissions: areasOf(admin.role),
  };
}

function realNameInfo(
  ctx: AppContext,
  row: RealNameRow & { public_id: string; nickname: string },
): RealNameInfo {
  const plain = openRealName(ctx, row);
  return {
    userPublicId: row.public_id,
    nickname: row.nickname,
    status: row.status as RealNameInfo['status'],
    legalName: plain.legalName,
    idType: row.id_type as RealNameInfo['idType'],
    idNumber: plain.idNumber,
    reason: row.reason,
    submittedAt: new Date(row.submitted_at).toISOString(),
    reviewedAt: iso(row.reviewed_at),
  };
}

async function submissionOf(ctx: AppContext, userPublicId: string) {
  const user = (await findLiveUserByPublicId(ctx.db, userPublicId)) ?? fail('NOT_FOUND');
  return (await findRealNameWithUser(ctx.db, user.id)) ?? fail('NOT_FOUND');
}

/** One user's submission, unmasked, for an operator deciding on it. */
export async function adminRealNameDetail(
  ctx: AppContext,
  adminId: number,
  userPublicId: string,
): Promise<RealNameInfo> {
  await requirePermission(ctx, adminId, 'customers.read');
  return realNameInfo(ctx, await submissionOf(ctx, userPublicId));
}

/** Submissions oldest first, optionally by status: the review queue. */
export async function adminRealNamePage(
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminRealNamePageRequest>,
) {
  await requirePermission(ctx, adminId, 'customers.read');
  const { total, list } = await pageRealNames(ctx.db, input);
  return {
    list: list.map((row) => realNameInfo(ctx, row)),
    pagination: { page: input.page, size: input.size, total },
  };
}

/** Approves (verified) or rejects (with a reason the user sees) a pending submission. */
export async function reviewRealName(
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminRealNameReviewRequest>,
) {
  await requirePermission(ctx, adminId, 'realname.review');
  const reason = input.reason?.trim() || null;
  if (!input.approve && !reason) throw new FieldRuleError('reason', 'required');
  const row = await submissionOf(ctx, input.userPublicId);
  if (row.status !== 'pending') fail('CONFLICT');
  const status = input.approve ? ('verified' as const) : ('rejected' as const);
  const decided = await decideRealName(ctx.db, row.user_id, row.submitted_at, {
    status,
    reason: input.approve ? null : reason,
    at: now(),
  });
  if (!decided) fail('CONFLICT');
  return { status };
}

/** Disables (0) or re-enables (1) a user; disabling ends all their sessions at once. */
export async function setUserEnabled(
  ctx: AppContext,
  adminId: number,
  input: z.infer<typeof adminUserStatusRequest>,
) {
  await requirePermission(ctx, adminId, 'customers.status');
  const user = (await findLiveUserByPublicId(ctx.db, input.userPublicId)) ?? fail('NOT_FOUND');
  if (!(await setUserStatus(ctx.db, user.id, input.status, now()))) fail('NOT_FOUND');
  if (input.status === 0) await ctx.tokens.revokeSubject('app', user.id);
  return { userPublicId: user.public_id, status: input.status };
}
