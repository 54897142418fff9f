import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../test/harness';
import { call } from '../../test/harness';

/** Fetches a real captcha through the API and answers it with the value the server keeps (tests only). */
export async function solveCaptcha(t: TestApp, kind: 'slide' | 'rotate' = 'slide') {
  const res = await call(t.app, 'GET', 'app/user/comm/captcha', { query: { type: kind } });
  const captchaId: string = res.data.captchaId;
  const row = await t.ctx.db
    .selectFrom('captcha')
    .select('answer')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  return { captchaId, captchaAnswer: row.answer };
}

let phoneSeq = 0;
/** A fresh valid Taiwanese mobile number as a person types it, and its E.164 form. */
export function newPhone() {
  phoneSeq += 1;
  const national = `0912${String((process.pid * 97 + phoneSeq) % 1_000_000).padStart(6, '0')}`;
  return { national, e164: `+886${national.slice(1)}` };
}

/** The newest message in the demo outbox for a recipient (as typed), read like the e2e tests do. */
async function outboxTo(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox.json', query: { to } });
  return res.json().list as { code: string | null; body: string; subject: string | null }[];
}
export async function lastOutboxMessage(app: FastifyInstance, to: string) {
  const [last] = await outboxTo(app, to);
  if (!last) throw new Error(`no outbox message to ${to}`);
  return last;
}

/** Solves a captcha, asks for an SMS code and returns the code read from the outbox. */
export async function requestSmsCode(
  t: TestApp,
  phone: string,
  purpose = 'login',
  opts: { language?: string; ip?: string } = {},
) {
  const res = await call(t.app, 'POST', 'app/user/comm/sendSmsCode', {
    body: { phone, purpose, ...(await solveCaptcha(t)) },
    language: opts.language,
    headers: opts.ip ? { 'x-forwarded-for': opts.ip } : undefined,
  });
  if (res.code !== 1000) return { res, code: null };
  return { res, code: (await outboxTo(t.app, phone))[0]?.code ?? null };
}

/** Makes every code sent to `target` look `ms` older, to step past the resend interval or the expiry. */
export async function ageCodes(t: TestApp, target: string, ms: number) {
  await t.ctx.db
    .updateTable('verify_code')
    .set((eb) => ({ created_at: eb('created_at', '-', ms), expires_at: eb('expires_at', '-', ms) }))
    .where('target', '=', target)
    .execute();
}
