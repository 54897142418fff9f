import crypto from 'node:crypto';
import { acceptedSecrets } from '../../platform/crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
  SMS_DAILY_LIMIT,
  SMS_RESEND_INTERVAL_S,
  SMS_TARGET_HOURLY_LIMIT,
  type Locale,
  type OutboxMessage,
  type codePurpose,
} from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { now } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { normalizePhone } from '../../platform/phone';
import { codeTexts } from './code.messages';
import {
  addWrongAttempt,
  countSentFromIpSince,
  insertCode,
  lastSentAt,
  listOutbox,
  markCodeUsed,
  purgeCodesBefore,
  purgeOutboxBefore,
  recentCodes,
  replaceOwnCodes,
  sentToTargetSince,
  type CodeChannel,
} from './code.repository';

export type CodePurpose = z.infer<typeof codePurpose>;
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

const hashCode = (secret: string, target: string, purpose: string, code: string) =>
  crypto.createHmac('sha256', secret).update(`${target}|${purpose}|${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

type SendKey = { channel: CodeChannel; target: string; ip: string };

/** One code per target per client every 60 s; another client's request does not make the owner wait. */
async function assertResendAllowed(ctx: AppContext, k: SendKey, at: number) {
  const last = await lastSentAt(ctx.db, k.channel, k.target, k.ip);
  const waitMs = last === null ? 0 : last + SMS_RESEND_INTERVAL_S * 1000 - at;
  if (waitMs > 0) fail('CODE_SEND_TOO_FREQUENT', { seconds: Math.ceil(waitMs / 1000) });
}

/** The sender's cap: codes this client asked for to this target today. */
async function assertClientWithinDailyLimit(ctx: AppContext, k: SendKey, at: number) {
  const { count } = await sentToTargetSince(ctx.db, k.channel, k.target, at - DAY_MS, k.ip);
  if (count >= SMS_DAILY_LIMIT) fail('CODE_DAILY_LIMIT');
}

/**
 * The target's cap over all clients, per hour: it bounds what strangers can cost and how long they can
 * keep the owner waiting; the owner is told how many minutes.
 */
async function assertTargetWithinHourlyLimit(ctx: AppContext, k: SendKey, at: number) {
  const { count, oldest } = await sentToTargetSince(ctx.db, k.channel, k.target, at - HOUR_MS);
  if (count < SMS_TARGET_HOURLY_LIMIT) return;
  const waitMs = (oldest ?? at) + HOUR_MS - at;
  fail('CODE_TARGET_LIMIT', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
}

async function assertIpWithinHourlyLimit(ctx: AppContext, ip: string, at: number) {
  if ((await countSentFromIpSince(ctx.db, ip, at - HOUR_MS)) >= ctx.config.codeIpHourlyMax)
    fail('RATE_LIMITED');
}

/**
 * Creates a one-time code for an already normalised target (E.164 phone or lower-case e-mail) and sends it
 * in the caller's language through the SMS or e-mail provider. Limits: one send per target and client
 * every 60 s, a daily cap per target and client, an hourly cap per target over all clients, and an
 * hourly cap per client. Only the code's HMAC is stored. The caller checks the captcha first.
 */
export async function sendCode(
  ctx: AppContext,
  input: { channel: CodeChannel; target: string; purpose: CodePurpose; ip: string; locale: Locale },
): Promise<{ target: string; resendAfter: number }> {
  const at = now();
  const { channel, target, purpose, ip } = input;
  const key = { channel, target, ip };
  await assertResendAllowed(ctx, key, at);
  await assertClientWithinDailyLimit(ctx, key, at);
  await assertTargetWithinHourlyLimit(ctx, key, at);
  await assertIpWithinHourlyLimit(ctx, ip, at);
  // nothing older than a day counts towards a limit: keep no longer record of who got codes
  await purgeCodesBefore(ctx.db, at - DAY_MS);
  if (ctx.config.demo) await purgeOutboxBefore(ctx.db, at - DAY_MS);
  const code = String(crypto.randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  await replaceOwnCodes(ctx.db, { channel, target, purpose, ip, at });
  await insertCode(ctx.db, {
    channel,
    target,
    purpose,
    codeHash: hashCode(ctx.config.secret, target, purpose, code),
    expiresAt: at + SMS_CODE_TTL_MS,
    ip,
    createdAt: at,
  });
  const texts = codeTexts(input.locale, code);
  try {
    if (channel === 'sms') await ctx.providers.sms.send(target, texts.sms);
    else await ctx.providers.mail.send(target, texts.emailSubject, texts.emailBody);
  } catch (err) {
    // the code row stays: it counts towards the limits, so a failing gateway is not hammered; the
    // cause is logged by the envelope handler
    throw new AppError('CODE_SEND_FAILED', {}, 200, { cause: err });
  }
  return { target, resendAfter: SMS_RESEND_INTERVAL_S };
}

type CodeRow = Awaited<ReturnType<typeof recentCodes>>[number];
const isLive = (r: CodeRow, at: number) =>
  r.used_at === null && r.attempts < SMS_CODE_MAX_ATTEMPTS && r.expires_at > at;

/** Why no code is usable, judged by the newest one. */
function failForNewest(row: CodeRow | undefined, at: number): never {
  if (!row || row.used_at !== null) return fail('CODE_INVALID');
  if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return fail('CODE_ATTEMPTS_EXCEEDED');
  if (row.expires_at <= at) return fail('CODE_EXPIRED');
  return fail('CODE_INVALID');
}

/**
 * Spends a live code sent to `target` for `purpose` (the newest per client that asked: another client's
 * request does not void the owner's), or throws CODE_INVALID / CODE_EXPIRED / CODE_ATTEMPTS_EXCEEDED.
 * A code works once, even when several requests race with it; the fifth wrong try burns it. `target`
 * must be normalised the same way it was when the code was sent.
 */
export async function consumeCode(
  ctx: AppContext,
  input: { channel: CodeChannel; target: string; purpose: CodePurpose; code: string },
): Promise<void> {
  const at = now();
  const rows = await recentCodes(ctx.db, input.channel, input.target, input.purpose);
  const live = rows.filter((r) => isLive(r, at));
  if (live.length === 0) return failForNewest(rows[0], at);
  // a code sent just before a secret rotation still verifies under the secret it was hashed with
  const given = acceptedSecrets(ctx.config).map((s) =>
    hashCode(s, input.target, input.purpose, input.code.trim()),
  );
  const hit = live.find((r) => given.some((g) => sameHash(g, r.code_hash)));
  if (!hit) {
    let anyLeft = false;
    for (const r of live) {
      const attempts = await addWrongAttempt(ctx.db, r.id, SMS_CODE_MAX_ATTEMPTS);
      if (attempts !== undefined && attempts < SMS_CODE_MAX_ATTEMPTS) anyLeft = true;
    }
    return fail(anyLeft ? 'CODE_INVALID' : 'CODE_ATTEMPTS_EXCEEDED');
  }
  if (!(await markCodeUsed(ctx.db, hit.id, at, SMS_CODE_MAX_ATTEMPTS))) fail('CODE_INVALID');
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
