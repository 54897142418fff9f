import crypto from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
  SMS_DAILY_LIMIT,
  SMS_RESEND_INTERVAL_S,
  type Locale,
  type OutboxMessage,
  type codePurpose,
} from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { now } from '../../platform/db';
import { fail } from '../../platform/errors';
import { normalizePhone } from '../../platform/phone';
import { createOutboxSmsSender } from '../../providers/sms/sms';
import { createOutboxMailSender } from '../../providers/mail/mail';
import { codeTexts } from './code.messages';
import {
  addWrongAttempt,
  countSentFromIpSince,
  countSentToTargetSince,
  insertCode,
  lastSentAt,
  listOutbox,
  markCodeUsed,
  newestCode,
  type CodeChannel,
} from './code.repository';

export type CodePurpose = z.infer<typeof codePurpose>;
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

const hashCode = (secret: string, target: string, purpose: string, code: string) =>
  crypto.createHmac('sha256', secret).update(`${target}|${purpose}|${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function assertResendAllowed(ctx: AppContext, channel: CodeChannel, target: string, at: number) {
  const last = await lastSentAt(ctx.db, channel, target);
  const waitMs = last === null ? 0 : last + SMS_RESEND_INTERVAL_S * 1000 - at;
  if (waitMs > 0) fail('CODE_SEND_TOO_FREQUENT', { seconds: Math.ceil(waitMs / 1000) });
}

async function assertWithinDailyLimit(ctx: AppContext, channel: CodeChannel, target: string, at: number) {
  if ((await countSentToTargetSince(ctx.db, channel, target, at - DAY_MS)) >= SMS_DAILY_LIMIT)
    fail('CODE_DAILY_LIMIT');
}

async function assertIpWithinHourlyLimit(ctx: AppContext, ip: string, at: number) {
  if ((await countSentFromIpSince(ctx.db, ip, at - HOUR_MS)) >= ctx.config.codeIpHourlyMax)
    fail('RATE_LIMITED');
}

/**
 * Creates a one-time code for an already normalised target (E.164 phone or lower-case e-mail) and sends it
 * in the caller's language. Enforces the 60 s resend interval, the daily cap per target and the hourly cap
 * per IP. The caller checks the captcha first.
 */
export async function sendCode(
  ctx: AppContext,
  input: { channel: CodeChannel; target: string; purpose: CodePurpose; ip: string; locale: Locale },
): Promise<{ target: string; resendAfter: number }> {
  const at = now();
  const { channel, target, purpose } = input;
  await assertResendAllowed(ctx, channel, target, at);
  await assertWithinDailyLimit(ctx, channel, target, at);
  await assertIpWithinHourlyLimit(ctx, input.ip, at);
  const code = String(crypto.randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  await insertCode(ctx.db, {
    channel,
    target,
    purpose,
    codeHash: hashCode(ctx.config.secret, target, purpose, code),
    expiresAt: at + SMS_CODE_TTL_MS,
    ip: input.ip,
    createdAt: at,
  });
  const texts = codeTexts(input.locale, code);
  if (channel === 'sms') await createOutboxSmsSender(ctx.db).send(target, texts.sms);
  else await createOutboxMailSender(ctx.db).send(target, texts.emailSubject, texts.emailBody);
  return { target, resendAfter: SMS_RESEND_INTERVAL_S };
}

/**
 * Spends the newest code sent to `target` for `purpose`, or throws CODE_INVALID / CODE_EXPIRED /
 * CODE_ATTEMPTS_EXCEEDED. A code works once, even when several requests race with it; the fifth wrong
 * try burns it. `target` must be normalised the same way it was when the code was sent.
 */
export async function consumeCode(
  ctx: AppContext,
  input: { channel: CodeChannel; target: string; purpose: CodePurpose; code: string },
): Promise<void> {
  const at = now();
  const row = await newestCode(ctx.db, input.channel, input.target, input.purpose);
  if (!row || row.used_at !== null) return fail('CODE_INVALID');
  if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return fail('CODE_ATTEMPTS_EXCEEDED');
  if (row.expires_at <= at) return fail('CODE_EXPIRED');
  const given = hashCode(ctx.config.secret, input.target, input.purpose, input.code.trim());
  if (!sameHash(given, row.code_hash)) {
    const attempts = await addWrongAttempt(ctx.db, row.id, SMS_CODE_MAX_ATTEMPTS);
    if (attempts === undefined || attempts >= SMS_CODE_MAX_ATTEMPTS) return fail('CODE_ATTEMPTS_EXCEEDED');
    return fail('CODE_INVALID');
  }
  if (!(await markCodeUsed(ctx.db, row.id, at, SMS_CODE_MAX_ATTEMPTS))) fail('CODE_INVALID');
}

/** Lower-cases an e-mail address the way codes and accounts store it. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const CODE_IN_TEXT = new RegExp(`(?<!\\d)(\\d{${SMS_CODE_LENGTH}})(?!\\d)`);

/** The demo outbox, newest first; `to` filters by recipient as typed (phone in any accepted form, or e-mail). */
export async function readOutbox(ctx: AppContext, to?: string): Promise<OutboxMessage[]> {
  let recipients: string[] | null = null;
  if (to) {
    recipients = [to, normalizeEmail(to)];
    try {
      recipients.push(normalizePhone(to, ctx.config.defaultPhoneRegion));
    } catch {
      // not a phone number: match as typed
    }
  }
  const rows = await listOutbox(ctx.db, recipients, 100);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    code: CODE_IN_TEXT.exec(r.body)?.[1] ?? null,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
