import {
  PASSWORD_FAILURES_BEFORE_CAPTCHA,
  type UserProfile,
  type bindPhoneRequest,
  type idType as idTypeSchema,
  type realNameRequest,
  type realNameResponse,
  type updatePasswordRequest,
  type updatePersonRequest,
} from '@simshop/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserTable } from '../../db/schema';
import { isUniqueViolation, now } from '../../platform/db';
import { acceptedSecrets, decryptField, encryptField } from '../../platform/crypto';
import { FieldRuleError, fail, unauthorized } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { normalizePhone } from '../../platform/phone';
import { UPLOAD_URL_PREFIX, uploadKeyOf } from '../../platform/upload';
import { consumeCode } from '../code';
import {
  findProfile,
  findUserKind,
  findRealName,
  findUser,
  findUserIdByPhone,
  isOwnImageUpload,
  takeFreePasswordCheck,
  updateActiveUser,
  upsertRealName,
  type RealNameRow,
  type UserRow,
} from './user-info.repository';

type IdType = z.infer<typeof idTypeSchema>;
type RealNameView = z.infer<typeof realNameResponse>;

/** What a logged-off account is called wherever its row still shows up (old orders, reviews). */
export const DELETED_USER_NICKNAME = '[deleted]';

/** The account, unless it is gone or not active (then 401: its tokens are no longer good). */
const active = <U extends { status: number }>(user: U | undefined): U =>
  !user || user.status !== 1 ? unauthorized() : user;

const activeUser = async (ctx: AppContext, userId: number): Promise<UserRow> =>
  active(await findUser(ctx.db, userId));

function assertPhoneBound(user: UserRow): string {
  return user.phone ?? fail('PHONE_NOT_BOUND');
}

/** Whether a user is a company account (bank transfer is theirs alone) or a personal one; null when gone. */
export const accountKindOf = (ctx: AppContext, userId: number) => findUserKind(ctx.db, userId);

/** Whether a company account has given its company details (name, UBN, contact): an identified company. */
export const companyIdentified = async (ctx: AppContext, userId: number) =>
  (await findProfile(ctx.db, userId))?.ubn != null;

/**
 * Where a message for an active account may be e-mailed, in which language: its verified address only
 * (`user.email` is written only once an e-mail code sent to it was spent, at registration), else null.
 */
export async function verifiedMailOf(ctx: AppContext, userId: number) {
  const user = await findUser(ctx.db, userId);
  if (!user || user.status !== 1 || !user.email) return null;
  return { email: user.email, language: user.language };
}

/**
 * What an e-invoice names of its buyer (modules/invoice): nickname, e-mail (where ezPay sends the invoice
 * notice) and public id (the shop's member carrier number); null when the account is gone.
 */
export async function invoiceBuyerOf(ctx: AppContext, userId: number) {
  const user = await findUser(ctx.db, userId);
  return user ? { nickname: user.nickname, email: user.email, publicId: user.public_id } : null;
}

/** The profile of the logged-in user, with company details and the real-name status. */
export async function getPerson(ctx: AppContext, userId: number): Promise<UserProfile> {
  const user = active(await findProfile(ctx.db, userId));
  return {
    id: user.public_id,
    phone: user.phone,
    username: user.username,
    nickname: user.nickname,
    avatarUrl: user.avatar_url,
    email: user.email,
    kind: user.kind,
    registerStep: user.register_step,
    orderReceiving: user.order_receiving === 1 ? 1 : 0,
    messageNotify: user.message_notify === 1 ? 1 : 0,
    language: user.language,
    hasPassword: user.password_hash !== null,
    wechatBound: user.wechat_openid !== null,
    realNameStatus: (user.real_name_status ?? 'none') as UserProfile['realNameStatus'],
    company:
      user.company_name !== null
        ? {
            companyName: user.company_name,
            ubn: user.ubn!,
            contactName: user.contact_name!,
            email: user.company_email!,
          }
        : null,
    createdAt: new Date(user.created_at).toISOString(),
  };
}

/** The avatar as we store it (`/uploads/<key>`), when `url` is a picture this user uploaded. */
async function assertOwnAvatar(ctx: AppContext, userId: number, url: string): Promise<string> {
  const key = uploadKeyOf(url);
  if (!key || !(await isOwnImageUpload(ctx.db, userId, key)))
    throw new FieldRuleError('avatarUrl', 'avatarUpload');
  return `${UPLOAD_URL_PREFIX}${key}`;
}

/** Changes the profile fields a user may edit; every other field of the body was dropped by the schema. */
export async function updatePerson(
  ctx: AppContext,
  userId: number,
  input: z.infer<typeof updatePersonRequest>,
): Promise<UserProfile> {
  await activeUser(ctx, userId);
  const patch: Updateable<UserTable> = { updated_at: now() };
  if (input.nickname !== undefined) patch.nickname = input.nickname;
  if (input.avatarUrl !== undefined) patch.avatar_url = await assertOwnAvatar(ctx, userId, input.avatarUrl);
  if (input.orderReceiving !== undefined) patch.order_receiving = input.orderReceiving;
  if (input.messageNotify !== undefined) patch.message_notify = input.messageNotify;
  if (input.language !== undefined) patch.language = input.language;
  if (!(await updateActiveUser(ctx.db, userId, patch))) unauthorized();
  return getPerson(ctx, userId);
}

/**
 * Sets a new password, confirmed by an SMS code (purpose `password`) sent to the user's own phone.
 * The session that made the change stays; every other session of the account ends.
 */
export async function updatePassword(
  ctx: AppContext,
  userId: number,
  accessToken: string | null,
  input: z.infer<typeof updatePasswordRequest>,
): Promise<null> {
  const user = await activeUser(ctx, userId);
  const phone = assertPhoneBound(user);
  await consumeCode(ctx, { channel: 'sms', target: phone, purpose: 'password', code: input.smsCode });
  const at = now();
  const ok = await updateActiveUser(ctx.db, userId, {
    password_hash: await hashPassword(input.password),
    password_failures: 0,
    updated_at: at,
  });
  if (!ok) unauthorized();
  const current = accessToken ? await ctx.tokens.verifyAccess('app', accessToken) : null;
  await ctx.tokens.revokeSubject('app', userId, current?.family ?? null);
  return null;
}

/**
 * Proof that the caller owns the account and not only a (possibly stolen) session: a code sent to the
 * current number, or the password. Password checks count like failed logins, so a session cannot be
 * used to guess the password here.
 */
async function assertAccountOwner(
  ctx: AppContext,
  user: UserRow,
  input: { oldSmsCode?: string; password?: string },
) {
  if (input.oldSmsCode !== undefined && user.phone) {
    await consumeCode(ctx, {
      channel: 'sms',
      target: user.phone,
      purpose: 'bindPhone',
      code: input.oldSmsCode,
    });
    return;
  }
  if (input.password !== undefined && user.password_hash) {
    if (!(await takeFreePasswordCheck(ctx.db, user.id, PASSWORD_FAILURES_BEFORE_CAPTCHA)))
      return fail('PHONE_CHANGE_PROOF_REQUIRED');
    if (!(await verifyPassword(input.password, user.password_hash))) return fail('LOGIN_FAILED');
    await updateActiveUser(ctx.db, user.id, { password_failures: 0 });
    return;
  }
  // an account with neither a number nor a password (WeChat only) has nothing more to prove with
  if (user.phone || user.password_hash) fail('PHONE_CHANGE_PROOF_REQUIRED');
}

/**
 * Moves the account to a new mobile number, confirmed by a code (purpose `bindPhone`) sent to that number
 * and proof from the current number or the password. The session that made the change stays; every
 * other session of the account ends.
 */
export async function bindPhone(
  ctx: AppContext,
  userId: number,
  accessToken: string | null,
  input: z.infer<typeof bindPhoneRequest>,
): Promise<UserProfile> {
  const user = await activeUser(ctx, userId);
  const phone = normalizePhone(input.phone, ctx.config.defaultPhoneRegion);
  const holder = await findUserIdByPhone(ctx.db, phone);
  if (holder !== null && holder !== userId) fail('PHONE_TAKEN');
  await assertAccountOwner(ctx, user, input);
  await consumeCode(ctx, { channel: 'sms', target: phone, purpose: 'bindPhone', code: input.smsCode });
  const at = now();
  try {
    if (!(await updateActiveUser(ctx.db, userId, { phone, updated_at: at }))) unauthorized();
  } catch (err) {
    // another account took the number between the check and the update
    if (isUniqueViolation(err)) fail('PHONE_TAKEN');
    throw err;
  }
  const current = accessToken ? await ctx.tokens.verifyAccess('app', accessToken) : null;
  await ctx.tokens.revokeSubject('app', userId, current?.family ?? null);
  return getPerson(ctx, userId);
}

// ---- real-name verification -------------------------------------------------------------------------

const TW_LETTER_CODES: Record<string, number> = {
  A: 10, B: 11, C: 12, D: 13, E: 14, F: 15, G: 16, H: 17, I: 34, J: 18, K: 19, L: 20, M: 21,
  N: 22, O: 35, P: 23, Q: 24, R: 25, S: 26, T: 27, U: 28, V: 29, W: 32, X: 30, Y: 31, Z: 33,
}; // prettier-ignore

/**
 * Taiwan national ID (and the 2021 resident certificate): a letter, then 1/2 (or 8/9), then 8 digits.
 * The letter becomes two digits; weights 1,9,8,7,6,5,4,3,2,1,1 and the sum is a multiple of 10.
 */
export function isValidTaiwanId(id: string): boolean {
  const [, head, rest] = /^([A-Z])([1289]\d{8})$/.exec(id) ?? [];
  const letter = head === undefined ? undefined : TW_LETTER_CODES[head];
  if (letter === undefined || rest === undefined) return false;
  const digits = Array.from(rest, Number);
  const weights = [8, 7, 6, 5, 4, 3, 2, 1, 1];
  // nine digits, nine weights (the pattern above)
  const sum =
    Math.floor(letter / 10) + (letter % 10) * 9 + digits.reduce((s, d, i) => s + d * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}

function normalizeIdNumber(idType: IdType, raw: string): string {
  const id = raw.replace(/[\s-]/g, '').toUpperCase();
  const valid = idType === 'TW_ID' ? isValidTaiwanId(id) : /^[A-Z0-9]{6,9}$/.test(id);
  return valid ? id : fail('ID_NUMBER_INVALID');
}

/** 王小明 -> 王*明, 王明 -> 王*, John Smith -> J********h. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** A123456789 -> A12****789; short numbers keep one character in front and two behind. */
export function maskIdNumber(id: string): string {
  const [front, back]: [number, number] = id.length >= 9 ? [3, 3] : [1, 2];
  return `${id.slice(0, front)}${'*'.repeat(Math.max(id.length - front - back, 1))}${id.slice(-back)}`;
}

const nameContext = (userId: number) => `real_name.legal_name:${userId}`;
const numberContext = (userId: number) => `real_name.id_number:${userId}`;

/** Decrypts a submission; for the owner (masked) and for reviewing operators (plain). */
export function openRealName(ctx: AppContext, row: RealNameRow) {
  return {
    legalName: decryptField(acceptedSecrets(ctx.config), row.legal_name_enc, nameContext(row.user_id)),
    idNumber: decryptField(acceptedSecrets(ctx.config), row.id_number_enc, numberContext(row.user_id)),
  };
}

function maskedView(ctx: AppContext, row: RealNameRow | undefined): RealNameView {
  if (!row) return { status: 'none', legalName: null, idType: null, idNumber: null, reason: null };
  const plain = openRealName(ctx, row);
  return {
    status: row.status as RealNameView['status'],
    legalName: maskName(plain.legalName),
    idType: row.id_type as IdType,
    idNumber: maskIdNumber(plain.idNumber),
    reason: row.reason,
  };
}

/** The user's real-name status with name and number masked. */
export async function getRealName(ctx: AppContext, userId: number): Promise<RealNameView> {
  await activeUser(ctx, userId);
  return maskedView(ctx, await findRealName(ctx.db, userId));
}

/**
 * Submits (or resubmits, while pending or after a rejection) a legal name and ID for review. Both are
 * stored encrypted; the status goes to pending until an operator decides.
 */
export async function submitRealName(
  ctx: AppContext,
  userId: number,
  input: z.infer<typeof realNameRequest>,
): Promise<RealNameView> {
  await activeUser(ctx, userId);
  const idNumber = normalizeIdNumber(input.idType, input.idNumber);
  const legalName = input.legalName.normalize('NFC');
  const stored = await upsertRealName(ctx.db, {
    user_id: userId,
    legal_name_enc: encryptField(ctx.config.secret, legalName, nameContext(userId)),
    id_type: input.idType,
    id_number_enc: encryptField(ctx.config.secret, idNumber, numberContext(userId)),
    submitted_at: now(),
  });
  if (!stored) fail('REAL_NAME_ALREADY_VERIFIED');
  return maskedView(ctx, await findRealName(ctx.db, userId));
}
