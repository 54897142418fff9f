import {
  PASSWORD_FAILURES_BEFORE_CAPTCHA,
  isValidUbn,
  type Locale,
  type TokenResponse,
  type companyStep2Request,
  type passwordLoginRequest,
  type personalStep2Request,
  type phonePasswordLoginRequest,
  type registerRequest,
  type sendEmailCodeRequest,
  type sendSmsCodeRequest,
  type smsLoginRequest,
} from '@simshop/contracts';
import crypto from 'node:crypto';
import { newPublicId } from '../../platform/crypto';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { now } from '../../platform/db';
import { fail } from '../../platform/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/password';
import { normalizePhone } from '../../platform/phone';
import { verifyCaptcha } from '../captcha';
import { consumeCode, normalizeEmail, sendCode } from '../code';
import { countFailure } from '../../platform/failure-counts';
import {
  addPasswordFailure,
  takeFreePasswordAttempt,
  takeFreeUnknownAttempt,
  completeCompanyStep2,
  completePersonalStep2,
  findUserByAccount,
  findUserById,
  findUserByPhone,
  insertUserUnlessPhoneTaken,
  recordAgreementIfMissing,
  resetPasswordFailures,
} from './account.repository';

type RequestMeta = { ip: string; locale: Locale };
type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** A locale-neutral first nickname; the user changes it in the profile. */
const defaultNickname = (phone: string) => `SIM${phone.slice(-4)}`;

function assertAgreementAccepted(agreement: boolean) {
  if (agreement !== true) fail('AGREEMENT_REQUIRED');
}

/** Disabled (0) and deleted (2) accounts can neither log in nor refresh. */
function assertAccountActive(user: Pick<SignInUser, 'status'>) {
  if (user.status === 0) fail('ACCOUNT_DISABLED');
  if (user.status !== 1) fail('ACCOUNT_DELETED');
}

const phoneOf = (ctx: AppContext, input: string) => normalizePhone(input, ctx.config.defaultPhoneRegion);

/** Checks the captcha, then sends a 6-digit SMS code to the normalised phone. */
export async function sendSmsCode(
  ctx: AppContext,
  input: z.infer<typeof sendSmsCodeRequest>,
  meta: RequestMeta,
) {
  // the number is checked before the captcha is spent, so a typo does not cost the user a new puzzle
  const phone = phoneOf(ctx, input.phone);
  await verifyCaptcha(ctx, input.captchaId, input.captchaAnswer);
  return sendCode(ctx, { channel: 'sms', target: phone, purpose: input.purpose, ...meta });
}

/** Checks the captcha, then sends a 6-digit code by e-mail. */
export async function sendEmailCode(
  ctx: AppContext,
  input: z.infer<typeof sendEmailCodeRequest>,
  meta: RequestMeta,
) {
  await verifyCaptcha(ctx, input.captchaId, input.captchaAnswer);
  return sendCode(ctx, {
    channel: 'email',
    target: normalizeEmail(input.email),
    purpose: input.purpose,
    ...meta,
  });
}

/** Logs in with phone + SMS code; the first login creates a personal account and records the agreement. */
export async function loginBySms(
  ctx: AppContext,
  input: z.infer<typeof smsLoginRequest>,
): Promise<TokenResponse> {
  assertAgreementAccepted(input.agreement);
  const phone = phoneOf(ctx, input.phone);
  await consumeCode(ctx, { channel: 'sms', target: phone, purpose: 'login', code: input.smsCode });
  const at = now();
  let user = await findUserByPhone(ctx.db, phone);
  if (!user) {
    await insertUserUnlessPhoneTaken(
      ctx.db,
      {
        public_id: newPublicId(),
        phone,
        password_hash: null,
        nickname: defaultNickname(phone),
        kind: 'personal',
        register_step: 2,
        agreement_at: at,
      },
      at,
    );
    // read back either way: a concurrent first login with another code may have created it
    user = await findUserByPhone(ctx.db, phone);
    if (!user) return fail('LOGIN_FAILED');
  }
  assertAccountActive(user);
  await recordAgreementIfMissing(ctx.db, user.id, at);
  return ctx.tokens.issue('app', user.id);
}

/** Failures of an identifier that matches no account count for a day, like an account's own count. */
const UNKNOWN_FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
const identifierKey = (ctx: AppContext, identifier: string) =>
  crypto
    .createHmac('sha256', ctx.config.secret)
    .update(`login|${identifier.trim().toLowerCase()}`)
    .digest('hex');

/**
 * Counts a password attempt at an identifier that matches no account (a buyer's or, prefixed, an
 * operator's), exactly as a known account's would be counted; throws CAPTCHA_REQUIRED / CAPTCHA_INVALID.
 */
export async function countUnknownIdentifierAttempt(
  ctx: AppContext,
  identifier: string,
  captcha: { captchaId?: string; captchaAnswer?: number },
) {
  await countAttempt(ctx, undefined, identifier, captcha);
}

/**
 * Counts this attempt before the password is checked: within the first 3 failures in a row it is free;
 * after that it needs a captcha. The count is taken with a conditional update, so parallel guesses
 * cannot all slip in under the limit while the others are still hashing.
 */
async function countAttempt(
  ctx: AppContext,
  user: SignInUser | undefined,
  identifier: string,
  captcha: { captchaId?: string; captchaAnswer?: number },
) {
  const at = now();
  const key = identifierKey(ctx, identifier);
  const since = at - UNKNOWN_FAILURE_WINDOW_MS;
  const free = user
    ? await takeFreePasswordAttempt(ctx.db, user.id, PASSWORD_FAILURES_BEFORE_CAPTCHA)
    : await takeFreeUnknownAttempt(ctx.db, key, at, since, PASSWORD_FAILURES_BEFORE_CAPTCHA);
  if (free) return;
  const { captchaId, captchaAnswer } = captcha;
  if (!captchaId || captchaAnswer === undefined) return fail('CAPTCHA_REQUIRED');
  await verifyCaptcha(ctx, captchaId, captchaAnswer);
  if (user) await addPasswordFailure(ctx.db, user.id);
  else await countFailure(ctx.db, key, at, since);
}

/**
 * The shared end of both password logins. An unknown account, an account without a password and a wrong
 * password all answer LOGIN_FAILED after the same scrypt work, and all count towards the captcha rule,
 * so neither the answer nor the captcha reveals which accounts exist.
 */
async function loginWithPassword(
  ctx: AppContext,
  user: SignInUser | undefined,
  identifier: string,
  input: { password: string; captchaId?: string; captchaAnswer?: number },
): Promise<TokenResponse> {
  await countAttempt(ctx, user, identifier, input);
  const passwordOk = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) return fail('LOGIN_FAILED');
  assertAccountActive(user);
  await resetPasswordFailures(ctx.db, user.id);
  return ctx.tokens.issue('app', user.id);
}

/** Logs in with phone + password; after 3 failures in a row a captcha is required. */
export async function loginByPhonePassword(
  ctx: AppContext,
  input: z.infer<typeof phonePasswordLoginRequest>,
) {
  const phone = phoneOf(ctx, input.phone);
  return loginWithPassword(ctx, await findUserByPhone(ctx.db, phone), phone, input);
}

/** Logs in with user name, phone or e-mail + password; after 3 failures in a row a captcha is required. */
export async function loginByPassword(ctx: AppContext, input: z.infer<typeof passwordLoginRequest>) {
  let phone: string | null = null;
  try {
    phone = phoneOf(ctx, input.account);
  } catch {
    // not a phone number: a user name or an e-mail address
  }
  const user = await findUserByAccount(ctx.db, {
    name: input.account,
    phone,
    email: normalizeEmail(input.account),
  });
  return loginWithPassword(ctx, user, phone ?? input.account, input);
}

/** Rotates a refresh token (same family) for an account that is still active; a dead account's family is revoked. */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<TokenResponse> {
  const { subjectId, family } = await ctx.tokens.spendRefresh('app', refreshToken);
  const user = await findUserById(ctx.db, subjectId);
  if (!user || user.status !== 1) {
    await ctx.tokens.revokeFamily(family);
    if (user) assertAccountActive(user);
    return fail('REFRESH_INVALID');
  }
  return ctx.tokens.issue('app', subjectId, family);
}

/**
 * Registers a personal or company account with phone, SMS code (purpose register) and password; the account
 * starts at step 1 and is logged in. The code is checked before the phone, so only its owner learns it is taken.
 */
export async function register(ctx: AppContext, input: z.infer<typeof registerRequest>) {
  assertAgreementAccepted(input.agreement);
  const phone = phoneOf(ctx, input.phone);
  await consumeCode(ctx, { channel: 'sms', target: phone, purpose: 'register', code: input.smsCode });
  if (await findUserByPhone(ctx.db, phone)) fail('PHONE_TAKEN');
  const at = now();
  const id = await insertUserUnlessPhoneTaken(
    ctx.db,
    {
      public_id: newPublicId(),
      phone,
      password_hash: await hashPassword(input.password),
      nickname: defaultNickname(phone),
      kind: input.kind,
      register_step: 1,
      agreement_at: at,
    },
    at,
  );
  if (id === undefined) return fail('PHONE_TAKEN');
  return { ...(await ctx.tokens.issue('app', id)), registerStep: 1 };
}

/**
 * Step 2 of a personal registration: the nickname and, optionally, an e-mail address, stored only once
 * its code (purpose register) is checked: an address nobody proved would block its owner's e-mail login.
 */
export async function registerPersonalStep2(
  ctx: AppContext,
  userId: number,
  input: z.infer<typeof personalStep2Request>,
) {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.kind !== 'personal' || user.register_step !== 1) fail('REGISTER_STEP_INVALID');
  const email = input.email ? normalizeEmail(input.email) : null;
  if (email)
    await consumeCode(ctx, {
      channel: 'email',
      target: email,
      purpose: 'register',
      code: input.emailCode ?? '',
    });
  const done = await completePersonalStep2(ctx.db, userId, { nickname: input.nickname, email }, now());
  if (!done) fail('REGISTER_STEP_INVALID');
  return { registerStep: 2 };
}

function assertAtCompanyStep1(user: SignInUser | undefined) {
  if (!user || user.kind !== 'company' || user.register_step !== 1) fail('REGISTER_STEP_INVALID');
}

/** Step 2 of a company registration: company, unified business number, contact, e-mail confirmed by code. */
export async function registerCompanyStep2(
  ctx: AppContext,
  userId: number,
  input: z.infer<typeof companyStep2Request>,
) {
  assertAtCompanyStep1(await findUserById(ctx.db, userId));
  if (!isValidUbn(input.ubn)) fail('UBN_INVALID');
  const email = normalizeEmail(input.email);
  await consumeCode(ctx, { channel: 'email', target: email, purpose: 'register', code: input.emailCode });
  const done = await completeCompanyStep2(
    ctx.db,
    userId,
    { companyName: input.companyName, ubn: input.ubn, contactName: input.contactName, email },
    now(),
  );
  if (!done) fail('REGISTER_STEP_INVALID');
  return { registerStep: 2 };
}
